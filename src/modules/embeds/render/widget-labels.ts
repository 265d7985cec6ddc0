import type { Lang } from './types.js';

/** UI texts of the widget. Numbers are formatted by the caller; these only wrap them. */
export interface WidgetLabels {
  servers: string;
  votesMonth: string;
  rating: string;
  noRatings: string;
  vote: string;
  /** Accessible name of the vote button: says whom it is for and that a new tab opens. */
  voteFor: (name: string) => string;
  invite: string;
  /** Accessible name of the invite link, as voteFor. */
  inviteFor: (name: string) => string;
  verified: string;
  serversTooltip: (count: string) => string;
  votesTooltip: (count: string) => string;
  ratingTooltip: (average: string, count: string) => string;
  /** The page an iframe shows instead of a widget: "Bot widget: not found". */
  errorTitle: string;
}

export const WIDGET_LABELS: Record<Lang, WidgetLabels> = {
  en: {
    servers: 'servers',
    votesMonth: 'votes/month',
    rating: 'rating',
    noRatings: 'no ratings',
    vote: 'Vote',
    voteFor: (name) => `Vote for ${name} (opens in a new tab)`,
    invite: 'Invite',
    inviteFor: (name) => `Invite ${name} to a server (opens in a new tab)`,
    verified: 'Verified bot',
    serversTooltip: (count) => `${count} servers`,
    votesTooltip: (count) => `${count} votes this month`,
    ratingTooltip: (average, count) => `Rated ${average} out of 5 from ${count} ratings`,
    errorTitle: 'Bot widget',
  },
  de: {
    servers: 'Server',
    votesMonth: 'Stimmen/Monat',
    rating: 'Bewertung',
    noRatings: 'keine Bewertungen',
    vote: 'Abstimmen',
    voteFor: (name) => `Für ${name} abstimmen (öffnet in neuem Tab)`,
    invite: 'Einladen',
    inviteFor: (name) => `${name} auf einen Server einladen (öffnet in neuem Tab)`,
    verified: 'Verifizierter Bot',
    serversTooltip: (count) => `${count} Server`,
    votesTooltip: (count) => `${count} Stimmen in diesem Monat`,
    ratingTooltip: (average, count) => `Bewertet mit ${average} von 5 aus ${count} Bewertungen`,
    errorTitle: 'Bot-Widget',
  },
};
