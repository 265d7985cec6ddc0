/**
 * Why a request was refused, beyond its error code: the closed list of the reasons a page puts
 * into words in its reader's language (src/html/problems.ts). The API's envelope says the same in
 * English with its message; a reason never changes the envelope.
 */
export type ErrorReason =
  // A webhook address the policy refuses (webhooks/endpoints/url-policy.ts).
  | { kind: 'webhook_url_too_long'; max: number }
  | { kind: 'webhook_url_not_absolute' }
  | { kind: 'webhook_url_scheme'; scheme: string }
  | { kind: 'webhook_url_credentials' }
  | { kind: 'webhook_url_invalid_host'; host: string }
  | { kind: 'webhook_url_unresolvable'; host: string }
  /**
   * `host` leads to `address`, of the policy's `category` (private, loopback …); `embedded`: the
   * IPv4 address an IPv6 one carries, and how (ipv4-mapped, nat64, 6to4, teredo).
   */
  | { kind: 'webhook_url_forbidden_address'; host: string; address: string; category: string; embedded?: { kind: string; ipv4: string } }
  // A webhook endpoint or delivery in a state that refuses the action (webhooks/endpoints, webhooks/delivery):
  // a bot's endpoints are `max` already, the endpoint is switched off, the delivery is still pending,
  // no secret rotation overlap runs.
  | { kind: 'webhook_endpoint_limit'; max: number }
  | { kind: 'webhook_switched_off' }
  | { kind: 'delivery_pending' }
  | { kind: 'no_secret_overlap' }
  // A tier request (tiers/service.ts).
  | { kind: 'tier_not_higher'; tier: number }
  | { kind: 'tier_request_open' }
  // Sign-in (auth/provider.ts): the provider's answer was refused, or did not say who signed in.
  | { kind: 'sign_in_refused' }
  | { kind: 'sign_in_unidentified' }
  // Bans (bans/service.ts): the signed-in user, or the bot, is banned.
  | { kind: 'user_banned' }
  | { kind: 'bot_banned' }
  // A report (reports/service.ts): `max` in 24 hours used up (Retry-After says when the next is possible); one open already.
  | { kind: 'report_limit'; max: number }
  | { kind: 'report_open' }
  // A user's review (reviews/user-service.ts): one per bot, not of one's own bot, its text's rules, no helpful mark on one's own.
  | { kind: 'review_exists' }
  | { kind: 'review_own_bot' }
  | { kind: 'review_body_length'; min: number; max: number }
  | { kind: 'review_body_characters' }
  | { kind: 'review_own_helpful' }
  | { kind: 'review_report_open' }
  // The console (console/access.ts): the signed-in user is not among OPERATOR_USER_IDS.
  | { kind: 'not_operator' }
  // A bot's team (teams/refusals.ts): who may do what (`role`: the user's own role), the team's
  // rules and limits, and why an invitation link no longer works.
  | { kind: 'team_not_member' }
  | { kind: 'team_role_too_low'; role: string }
  | { kind: 'team_last_owner' }
  | { kind: 'team_already_member'; role: string }
  | { kind: 'team_no_such_member' }
  | { kind: 'team_role_unknown' }
  | { kind: 'team_transfer_target' }
  | { kind: 'team_full'; max: number }
  | { kind: 'team_leads_full'; max: number }
  | { kind: 'team_invitations_full'; max: number }
  | { kind: 'invitation_unknown' }
  | { kind: 'invitation_expired' }
  | { kind: 'invitation_used' }
  | { kind: 'invitation_revoked' };

export type ErrorReasonKind = ErrorReason['kind'];
