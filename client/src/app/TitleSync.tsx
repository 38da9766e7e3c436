import { useEffect, useState } from 'react';
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
  // The server's shell already carries this site's index title (http/site-shells.ts): until the
  // settings bring it, it stays, instead of flipping to the name and back to the index title.
  const [shellTitle] = useState(() => document.title);
  useEffect(() => {
    const base = screen ? `${screen} · ${site}` : (settings?.index_title ?? (shellTitle || site));
    document.title = pageTitle(base, counts.total_unread, counts.total_new_likes);
  }, [counts, screen, site, settings?.index_title, shellTitle]);
  return null;
}
