import { DEFAULT_REGION } from '@parapet/shared';

/**
 * The officially assigned ISO 3166-1 alpha-2 codes: the countries a region may name besides
 * DEFAULT_REGION (REGION_PATTERN accepts any two capitals; this is the list the form offers).
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export const REGION_CODES = [DEFAULT_REGION, ...COUNTRY_CODES];

/** One namer per language for the page's life: names never change while it is open. */
const namers = new Map<string, (code: string) => string>();

/**
 * Country names in the console's language, from the browser (no name list to translate). Each
 * name is looked up once: `Intl.DisplayNames#of` costs tens of microseconds, and the dashboard's
 * map and lists name every country on each render (60 ms of its first render, docs/web-bench.md).
 */
export function countryNamer(language: string): (code: string) => string {
  const known = namers.get(language);
  if (known) return known;
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  } catch {
    names = undefined;
  }
  const cache = new Map<string, string>();
  const namer = (code: string): string => {
    let name = cache.get(code);
    if (name === undefined) {
      name = names?.of(code) ?? code;
      cache.set(code, name);
    }
    return name;
  };
  namers.set(language, namer);
  return namer;
}
