import type { operations } from './generated/openapi.js';

type Query<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>;

/** Builders of the embeddable assets' URLs; they make no request. */
export interface EmbedUrls {
  badge(botId: string, query?: Query<'getBadge'>): string;
  widget(botId: string, query?: Query<'getWidget'>): string;
  chart(botId: string, query?: Query<'getChart'>): string;
  card(botId: string, query?: Query<'getCard'>): string;
}

export function embedUrls(baseUrl: string): EmbedUrls {
  const url = (path: string, query: Record<string, string | number | undefined> = {}): string => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const text = search.toString();
    return `${baseUrl}${path}${text ? `?${text}` : ''}`;
  };
  const id = encodeURIComponent;
  return {
    badge: (botId, query) => url(`/api/badge/${id(botId)}`, query),
    widget: (botId, query) => url(`/api/widget/${id(botId)}`, query),
    chart: (botId, query) => url(`/api/chart/${id(botId)}`, query),
    card: (botId, query) => url(`/api/card/${id(botId)}.svg`, query),
  };
}
