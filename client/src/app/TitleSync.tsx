import { useEffect } from 'react';
import { pageTitle } from '@shared/rules/page-title.js';
import { countsAtom } from '../state/counts.js';
import { useAtomValue } from '../state/jotai.js';
import { settingsAtom } from '../state/settings.js';
import { siteNameAtom } from '../state/site-name.js';
import { screenTitleAtom } from './page-title.js';

/** Keeps document.title = '(N) <screen> · <site>' with N = unread messages + new likes. */
export function TitleSync() {
  const counts = useAtomValue(countsAtom);
  const screen = useAtomValue(screenTitleAtom);
  const settings = useAtomValue(settingsAtom);
  const site = useAtomValue(siteNameAtom);
  useEffect(() => {
    const base = screen ? `${screen} · ${site}` : (settings?.index_title ?? site);
    document.title = pageTitle(base, counts.total_unread, counts.total_new_likes);
  }, [counts, screen, site, settings?.index_title]);
  return null;
}
