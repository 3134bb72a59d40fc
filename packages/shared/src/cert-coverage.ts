/**
 * Which domains a certificate's names cover, as a browser would judge it (RFC 6125 §6.4.3):
 * a name covers a domain equal to it, ignoring case and a trailing dot; a `*.` name covers
 * exactly one label more than its suffix, so `*.example.com` covers `shop.example.com` but
 * neither `example.com` nor `a.shop.example.com`. The common name counts like a SAN entry,
 * since many of the certificates people upload still carry their only name there.
 */
const normalize = (name: string): string => name.trim().toLowerCase().replace(/\.$/, '');

export function certCoversDomain(certNames: readonly string[], domain: string): boolean {
  const wanted = normalize(domain);
  return certNames.some((raw) => {
    const name = normalize(raw);
    if (name === wanted) return true;
    if (!name.startsWith('*.')) return false;
    const suffix = name.slice(1); // ".example.com"
    if (!wanted.endsWith(suffix)) return false;
    const label = wanted.slice(0, -suffix.length);
    // One whole label, and not itself a wildcard: `*.example.com` does not cover `*.a.example.com`.
    return label.length > 0 && !label.includes('.') && !label.includes('*');
  });
}

/** The domains, in their order, that none of the certificate's names cover. */
export function uncoveredDomains(
  cert: { commonName: string; san: readonly string[] },
  domains: readonly string[],
): string[] {
  const names = [cert.commonName, ...cert.san];
  return domains.filter((domain) => !certCoversDomain(names, domain));
}
