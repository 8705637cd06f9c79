/** Where providers report (docs/telephony.md); these routes are exempted by name in the session plugin. */
export const TELEPHONY_PREFIX = '/api/telephony';
export const TELEPHONY_HOOK_KINDS = ['status', 'answer', 'inbound'] as const;
export const TELEPHONY_HOOK_ROUTES = TELEPHONY_HOOK_KINDS.map((k) => `${TELEPHONY_PREFIX}/:provider/:token/${k}`);
