/** Icons only the chat screens use (the shell's Icon set covers navigation). */
import { SvgIcon } from '../SvgIcon.js';
const PATHS = {
  send: 'M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2Z',
  tick: 'm9 16.2-3.5-3.5-1.4 1.4L9 19 20 8l-1.4-1.4Z',
  doubleTick: 'm1.6 12.6 1.4-1.4 4.2 4.2-1.4 1.4Zm4.5 0 1.4-1.4 4.2 4.2L20.3 6.8l1.4 1.4-10 10Zm4.2-1.4 5.6-5.6 1.4 1.4-5.6 5.6Z',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 2a7 7 0 1 1 0 14 7 7 0 0 1 0-14Zm-1 2v5.4l4.3 2.6 1-1.7-3.3-2V7Z',
  alert: 'M12 3 2 20h20Zm0 4 6.5 11h-13ZM11 10v4h2v-4Zm0 5v2h2v-2Z',
  gift: 'M20 7h-2.2A3 3 0 0 0 12 4.2 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1h1v7a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7h1a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-1a1 1 0 1 1 0 2h-2V7a1 1 0 0 1 2-1ZM9 6a1 1 0 0 1 2 1v1H9a1 1 0 0 1 0-2Zm-4 4V9h6v1Zm2 8v-6h4v6Zm6 0v-6h4v6Zm6-8h-6V9h6Z',
  more: 'M12 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm0 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm0 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
  trash: 'M9 3h6l1 2h4v2H4V5h4Zm-3 6h12l-1 12H7Zm3 2v8h2v-8Zm4 0v8h2v-8Z',
  back: 'M15.4 5.4 9.8 11l5.6 5.6L14 18l-7-7 7-7Z',
  retry: 'M12 5a7 7 0 1 1-6.6 9.3l1.9-.6A5 5 0 1 0 12 7v3L7.5 6 12 2Z',
  chat: 'M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-4 3.5V17H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2v8h2v1.2L8.3 15H19V7Z',
  offline: 'M3.3 2 2 3.3l3 3A10 10 0 0 0 2 9l2 2a7 7 0 0 1 2.5-1.8L8 10.8a6 6 0 0 0-2 1.2l2 2a3 3 0 0 1 1.9-.9l8.8 8.8 1.3-1.3ZM12 5c-.8 0-1.6.1-2.4.3l1.8 1.8H12a8 8 0 0 1 8 2l2-2A10 10 0 0 0 12 5Zm0 11a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z',
} as const;

export type ChatIconName = keyof typeof PATHS;

export function ChatIcon({ name, size = 20, label }: { name: ChatIconName; size?: number; label?: string }) {
  return <SvgIcon path={PATHS[name]} size={size} label={label} className="chat-icon" />;
}
