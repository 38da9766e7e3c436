/** The support phone number without dashes and spaces, as a tel: link needs it ('+31 20-808 12 34' -> '+31208081234'). */
export function cleanSupportPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}
