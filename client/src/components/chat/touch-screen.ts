/**
 * A touch screen is the main pointer (a phone, a tablet): its keyboard is most likely on screen,
 * and focusing a text field raises it.
 */
export function touchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}
