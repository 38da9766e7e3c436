/**
 * Site data: GET /api/settings.php, /api/companyinfo.php, /api/interests.php, /api/regions.php.
 * The client loads each once; interests and regions are the same for everyone, so they may be
 * cached by browsers and CDNs for five minutes.
 */
import type { Response, Router } from 'express';
import { interestsQuery, regionsQuery, siteQuery } from '@shared/api/settings.js';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../../http/current-user.js';
import { presentCompanyInfo } from './presenter.js';
import { allCountryRegions, countryRegions, interestList, labelLanguage, resolveSite, siteSettings } from './service.js';
import { visitorCountry } from './visitor-country.js';

function cacheFiveMinutes(res: Response): void {
  res.setHeader('Cache-Control', 'public, max-age=300');
}

export function settingsRoutes(router: Router, ctx: AppContext): void {

  router.get('/settings.php', (req, res) => {
    const { domain } = parseInput(siteQuery, req.query);
    const site = resolveSite(ctx.db, req.site, domain);
    res.json(siteSettings(ctx, site, visitorCountry(req, site.countries)));
  });

  router.get('/companyinfo.php', (req, res) => {
    const { domain } = parseInput(siteQuery, req.query);
    res.json(presentCompanyInfo(resolveSite(ctx.db, req.site, domain)));
  });

  router.get('/interests.php', (req, res) => {
    const { lang } = parseInput(interestsQuery, req.query);
    const language = labelLanguage(lang, lang ? undefined : currentUser(req)?.language, req.get('cookie'));
    cacheFiveMinutes(res);
    // Without ?lang the label depends on who asks; shared caches must key on the cookie.
    if (!lang) res.setHeader('Vary', 'Cookie');
    res.json(interestList(ctx.db, language));
  });

  router.get('/regions.php', (req, res) => {
    const { country } = parseInput(regionsQuery, req.query);
    const body = country ? countryRegions(ctx.db, country) : allCountryRegions(ctx.db, req.site.countries);
    cacheFiveMinutes(res);
    res.json(body);
  });

}
