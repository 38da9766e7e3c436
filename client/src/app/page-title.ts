import { useEffect } from 'react';
import { atom, useSetAtom } from '../state/jotai.js';

/** The current screen's own title; TitleSync adds the site name and the count prefix. */
export const screenTitleAtom = atom<string | null>(null);

export function usePageTitle(title: string | null): void {
  const setTitle = useSetAtom(screenTitleAtom);
  useEffect(() => {
    // Soft hyphens mark where a long heading may break (de "Geschäfts\u00adbedingungen"); a tab title never breaks.
    setTitle(title === null ? null : title.replace(/\u00ad/g, ''));
    return () => setTitle(null);
  }, [title, setTitle]);
}
