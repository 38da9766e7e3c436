import { useEffect } from 'react';
import { atom, useSetAtom } from '../state/jotai.js';

/** The current screen's own title; TitleSync adds the site name and the count prefix. */
export const screenTitleAtom = atom<string | null>(null);

export function usePageTitle(title: string | null): void {
  const setTitle = useSetAtom(screenTitleAtom);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
}
