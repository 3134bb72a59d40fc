/**
 * IP address recognition that runs in the browser and on the server alike (node:net is not
 * available to the console). Answers 4, 6 or 0 like node's isIP.
 */
const V4_PART = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const V4 = new RegExp(`^${V4_PART}(\\.${V4_PART}){3}$`);

function isIPv6(value: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(value) || value.split('::').length > 2) return false;
  // A lone colon may not open or close the address, and three in a row are no group at all.
  if (value.includes(':::') || /^:[^:]/.test(value) || /[^:]:$/.test(value)) return false;
  let groups = value.split(':');
  // An embedded IPv4 address takes the place of the last two groups.
  const last = groups.at(-1) ?? '';
  if (last.includes('.')) {
    if (!V4.test(last)) return false;
    groups = [...groups.slice(0, -1), '0', '0'];
  }
  const compressed = value.includes('::');
  const filled = groups.filter((g) => g !== '');
  if (filled.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return false;
  return compressed ? filled.length < 8 : groups.length === 8;
}

export function isIP(value: string): 0 | 4 | 6 {
  if (V4.test(value)) return 4;
  return isIPv6(value) ? 6 : 0;
}
