/**
 * User-defined parameters, CCSDS 502.0-B-3 §3.2.4 (OPM), §4.2.4 (OMM) and §6.2.10 (the OCM USER block): keywords
 * USER_DEFINED_xxx, whose parameter name xxx the exchange partners agree on (in XML `<USER_DEFINED parameter="xxx">`,
 * read as the same keyword). Their values are text: only the partners know what they mean.
 */

const USER_DEFINED_PREFIX = 'USER_DEFINED_';

/** The parameter name xxx of a USER_DEFINED_xxx keyword, or null for a keyword of the standard. */
export function userDefinedParameterName(keyword: string): string | null {
  return keyword.startsWith(USER_DEFINED_PREFIX) ? keyword.slice(USER_DEFINED_PREFIX.length) : null;
}
