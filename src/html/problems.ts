/**
 * The one place where a refusal becomes words on a page: an error code, or the reason behind it
 * (src/lib/error-reasons.ts), in the reader's language. The API's envelope keeps its English
 * message; no page shows that message.
 */
import type { ErrorReason } from '../lib/error-reasons.js';
import type { ErrorCode } from '../lib/errors.js';
import type { Texts } from './i18n/index.js';

/** What went wrong, as a page says it: the reason when there is one, else the code. */
export function problemText(t: Texts, problem: { code: ErrorCode; reason?: ErrorReason }): string {
  return problem.reason ? reasonText(t, problem.reason) : codeText(t, problem.code);
}

/** What an error code means, in general words. */
export function codeText(t: Texts, code: ErrorCode): string {
  const e = t.error;
  switch (code) {
    case 'unauthorized':
      return e.unauthorized;
    case 'forbidden':
      return e.forbidden;
    case 'not_found':
      return e.notFound;
    case 'method_not_allowed':
      return e.methodNotAllowed;
    case 'request_timeout':
      return e.timeout;
    case 'conflict':
      return e.conflict;
    case 'payload_too_large':
      return e.tooLarge;
    case 'validation_failed':
      return e.invalid;
    case 'rate_limited':
      return e.rateLimitedTitle;
    case 'internal_error':
      return e.internal;
    case 'service_unavailable':
      return e.unavailable;
  }
}

export function reasonText(t: Texts, reason: ErrorReason): string {
  const r = t.reason;
  switch (reason.kind) {
    case 'webhook_url_too_long':
      return r.webhookUrlTooLong(reason.max);
    case 'webhook_url_not_absolute':
      return r.webhookUrlNotAbsolute;
    case 'webhook_url_scheme':
      return r.webhookUrlScheme(reason.scheme);
    case 'webhook_url_credentials':
      return r.webhookUrlCredentials;
    case 'webhook_url_invalid_host':
      return r.webhookUrlInvalidHost(reason.host);
    case 'webhook_url_unresolvable':
      return r.webhookUrlUnresolvable(reason.host);
    case 'webhook_url_forbidden_address':
      return r.webhookUrlForbidden(
        reason.host,
        reason.address,
        // A category the texts do not know yet is still refused; it is named as the policy names it.
        r.addressCategory[reason.category] ?? reason.category,
        reason.embedded?.ipv4 ?? '',
      );
    case 'webhook_endpoint_limit':
      return r.webhookEndpointLimit(reason.max);
    case 'webhook_switched_off':
      return r.webhookSwitchedOff;
    case 'delivery_pending':
      return r.deliveryPending;
    case 'no_secret_overlap':
      return r.noSecretOverlap;
    case 'tier_not_higher':
      return r.tierNotHigher(reason.tier);
    case 'tier_request_open':
      return r.tierRequestOpen;
    case 'sign_in_refused':
      return r.signInRefused;
    case 'sign_in_unidentified':
      return r.signInUnidentified;
    case 'user_banned':
      return t.ban.userBanned;
    case 'bot_banned':
      return t.ban.botBanned;
    case 'report_limit':
      return t.report.limit(reason.max);
    case 'report_open':
      return t.report.alreadyOpen;
    case 'not_operator':
      return t.console.forbidden;
    case 'team_not_member':
      return t.team.reason.notMember;
    case 'team_role_too_low':
      return t.team.reason.roleTooLow(roleName(t, reason.role));
    case 'team_last_owner':
      return t.team.reason.lastOwner;
    case 'team_already_member':
      return t.team.alreadyMember(roleName(t, reason.role));
    case 'team_no_such_member':
      return t.team.reason.noSuchMember;
    case 'team_role_unknown':
      return t.team.reason.roleUnknown;
    case 'team_transfer_target':
      return t.team.reason.transferTarget;
    case 'team_full':
      return t.team.reason.full(reason.max);
    case 'team_leads_full':
      return t.team.reason.leadsFull(reason.max);
    case 'team_invitations_full':
      return t.team.reason.invitationsFull(reason.max);
    case 'invitation_unknown':
      return t.team.reason.invitationUnknown;
    case 'invitation_expired':
      return t.team.reason.invitationExpired;
    case 'invitation_used':
      return t.team.reason.invitationUsed;
    case 'invitation_revoked':
      return t.team.reason.invitationRevoked;
    case 'review_exists':
      return t.reviews.exists;
    case 'review_own_bot':
      return t.reviews.ownBot;
    case 'review_body_length':
      return t.reviews.bodyLength(reason.min, reason.max);
    case 'review_body_characters':
      return t.reviews.bodyCharacters;
    case 'review_own_helpful':
      return t.reviews.ownHelpful;
    case 'review_report_open':
      return t.reviews.reportOpen;
  }
}

/** A team role as the page names it; one the texts do not know is named as the service names it. */
function roleName(t: Texts, role: string): string {
  return (t.team.roles as Record<string, string>)[role] ?? role;
}
