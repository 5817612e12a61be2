/**
 * A phone number as every screen shows it (issue 42): an Indian mobile as "+91 98290 56781", whether it was typed
 * "9829056781", "09829056781", "919829056781" or "+91 98290-56781". Anything else (a landline with its STD code, a
 * foreign number) is shown as it was given.
 */
export function formatPhone(raw: string): string {
  const given = raw.trim();
  let d = given.replace(/\D/g, '');
  if (d.length === 12 && d.startsWith('91')) d = d.slice(2);
  else if (d.length === 11 && d.startsWith('0')) d = d.slice(1);
  return /^[6-9]\d{9}$/.test(d) ? `+91 ${d.slice(0, 5)} ${d.slice(5)}` : given;
}
