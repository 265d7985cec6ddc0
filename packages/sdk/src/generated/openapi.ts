/**
 * Generated from the service's OpenAPI document (/api/v1/openapi.json) by `npm run sdk:types`.
 * Do not edit: a test fails when this file and the served document differ.
 */
export type paths = {
    "/api/v1/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List published bots
         * @description Published bots in one of five orders, a page at a time. `search` keeps the bots whose name contains it (case-insensitive). A bot's text is current at once; its counters may be up to `LIST_MAX_STALE_MS` (2 s by default) old.
         */
        get: operations["listBots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One published bot
         * @description A published bot by its application ID; 404 for an unknown or unpublished bot. Sent with an ETag: `If-None-Match` with it answers 304.
         */
        get: operations["getBot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Published reviews of a bot, most helpful first
         * @description A page of a published bot's published reviews, most helpful first, then newest; the total is the bot's review count. 404 for an unknown or unpublished bot.
         */
        get: operations["listBotReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily server count of a bot, oldest first
         * @description One point per day of the last `days` days, from the first day the directory knew the bot; today's point is the live count. `source` says whose count it is (the platform's or the owner's reports).
         */
        get: operations["getBotHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/votes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent votes, newest first
         * @description The bot's votes, newest first, up to `limit`; with `hours`, only those of the last `hours` hours. Needs a key of this bot with `votes:read`.
         */
        get: operations["listVotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/check/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether a user voted within the last 12 hours
         * @description Whether the user's latest vote for the bot is less than 12 hours old, and when the window ends. Needs a key of this bot with `votes:read`; answers from memory between votes.
         */
        get: operations["checkVote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Whether each of 1 to 100 users voted within the last 12 hours (one request for the rate limit), in the order asked
         * @description The vote status of each user of the list, in the order asked (repeats included), in one request that counts once for the rate limit. Needs a key of this bot with `votes:read`.
         */
        post: operations["checkVotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/stats/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add up to 100 past days of server-count history (before today, not before the bot was added); the same date again replaces its value
         * @description Past days of the bot's daily server count, for a bot that moves here from another directory: each date before today and not before the bot's application was created. Needs a key with `stats:write`.
         */
        post: operations["backfillHistory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report the server count (and shard count): the total, one shard's count ({shardId, shardCount, serverCount}; the bot shows the sum of its shards reported in the last 2 hours), or every shard's ({shards: [...]})
         * @description The owner's count replaces the platform's at once, in the bot, the lists, search and history. Send the total, one shard's count, or every shard's count. Needs a key of this bot with `stats:write`.
         */
        post: operations["postStats"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/shards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The latest report of each of the bot's shards, by shard id
         * @description Each shard reported with `{shardId, shardCount, serverCount}` or in a `shards` list: its id, its server count and when it last reported, up to `limit` shards after `after`; `nextAfter` is the `after` of the next page (null on the last). A total report removes the shards.
         */
        get: operations["listShards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/premium/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's premium status (user-scoped tiers)
         * @description The premium subscription in force for a user, for tiers bought per user; `active: false` when there is none. Needs a key of this bot with `premium:read`.
         */
        get: operations["getUserPremium"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/premium/guild/{guildId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A server's premium status (guild-scoped tiers)
         * @description The premium subscription in force for a server, for tiers bought per server; `active: false` when there is none. Needs a key of this bot with `premium:read`.
         */
        get: operations["getGuildPremium"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bot's analytics over 7, 30 or 90 days
         * @description Daily counts of the last `days` UTC days (today included, counted so far): bot page views and their unique visitors, invite clicks, votes, widget, card and badge impressions, search impressions and clicks; their totals, conversion rates, and the top referring hosts, search terms and embedding hosts. Needs a key of this bot with `analytics:read`.
         */
        get: operations["getBotAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search published bots as a person types: typos, synonyms, German and English
         * @description Published bots ranked for a query as a person types it: typos within a budget per word, prefixes of the last word, synonyms, German and English equivalents; popularity breaks ties. `processingTimeMs` is the engine's own time.
         */
        get: operations["searchBots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/badge/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SVG badge (shields.io-like), cached for five minutes
         * @description An SVG badge with one of the bot's figures, in the shields.io styles, for Markdown and web pages; an error is an SVG too. Counts can be up to five minutes old.
         */
        get: operations["getBadge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/badge/{id}/shields.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The badge as shields.io endpoint JSON (img.shields.io/endpoint?url=…), cached for five minutes
         * @description The badge's label, message and colour as shields.io's endpoint JSON, for `https://img.shields.io/endpoint?url=…`.
         */
        get: operations["getBadgeShields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/card/{id}.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The widget as an SVG image of 420 × 140 (for READMEs and forums that allow images only), live data
         * @description The widget's content as an SVG image of 420 × 140, for pages that allow images only (READMEs, forums); light, dark or following the viewer's preference.
         */
        get: operations["getCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/card/{id}.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The card as a PNG image of 1200 × 630 for link previews, live data
         * @description The card as a PNG image of 1200 × 630, the size of a link preview (OpenGraph, Twitter's large card): bot pages name it as their og:image. `auto` draws the light theme, as a PNG cannot follow the viewer.
         */
        get: operations["getCardPng"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/widget/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * HTML bot card for an iframe of 420 × 140, live data
         * @description An HTML card of 420 × 140 for an `<iframe>`: the bot's icon, name, figures and a vote link, in German or English; served with a strict Content-Security-Policy.
         */
        get: operations["getWidget"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chart/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily server count as an image: SVG, or PNG with format=png or Accept: image/png
         * @description The bot's daily server count over 7 to 365 days as an SVG image, or a PNG (`format=png` or `Accept: image/png`), in light or dark, with a zero-based or automatic scale, labelled in English or German.
         */
        get: operations["getChart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    vote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A vote for the bot
         * @description Sent to every enabled endpoint of the bot that subscribes to the event, signed with its secret (x-service-signature and the Standard Webhooks headers; Discord channels get a message instead). Answer 2xx within the timeout; anything else is tried again on the schedule.
         */
        post: operations["voteEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vote.reminder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A voter's 12-hour window ended (opt-in)
         * @description Sent to every enabled endpoint of the bot that subscribes to the event, signed with its secret (x-service-signature and the Standard Webhooks headers; Discord channels get a message instead). Answer 2xx within the timeout; anything else is tried again on the schedule.
         */
        post: operations["voteReminderEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    review: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A review appeared, changed, was replied to or left view (opt-in)
         * @description Sent to every enabled endpoint of the bot that subscribes to the event, signed with its secret (x-service-signature and the Standard Webhooks headers; Discord channels get a message instead). Answer 2xx within the timeout; anything else is tried again on the schedule.
         */
        post: operations["reviewEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    premium: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A premium subscription began or ended
         * @description Sent to every enabled endpoint of the bot that subscribes to the event, signed with its secret (x-service-signature and the Standard Webhooks headers; Discord channels get a message instead). Answer 2xx within the timeout; anything else is tried again on the schedule.
         */
        post: operations["premiumEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    donation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A donation to the bot
         * @description Sent to every enabled endpoint of the bot that subscribes to the event, signed with its secret (x-service-signature and the Standard Webhooks headers; Discord channels get a message instead). Answer 2xx within the timeout; anything else is tried again on the schedule.
         */
        post: operations["donationEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test call requested by the operator
         * @description Sent to every enabled endpoint of the bot that subscribes to the event, signed with its secret (x-service-signature and the Standard Webhooks headers; Discord channels get a message instead). Answer 2xx within the timeout; anything else is tried again on the schedule.
         */
        post: operations["testEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    listing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The bot's listing changed state or an edit was reviewed (opt-in)
         * @description Sent to every enabled endpoint of the bot that subscribes to the event, signed with its secret (x-service-signature and the Standard Webhooks headers; Discord channels get a message instead). Answer 2xx within the timeout; anything else is tried again on the schedule.
         */
        post: operations["listingEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        AnalyticsConversion: {
            /** @description Invite clicks ÷ views over the window (4 decimals); null without views */
            invites: number | null;
            /** @description Votes ÷ views over the window (4 decimals); null without views */
            votes: number | null;
        };
        AnalyticsDay: {
            /**
             * Format: date
             * @description UTC day
             */
            date: string;
            /** @description Views of the bot page */
            views: number;
            /** @description Unique visitors of the bot page, estimated per day (see the privacy page); a total is the sum of the days */
            visitors: number;
            /** @description Invite clicks through the directory */
            invites: number;
            votes: number;
            /** @description Impressions of the embeddable widget */
            widgetViews: number;
            /** @description Impressions of the embeddable card */
            cardViews: number;
            /** @description Impressions of the badges */
            badgeViews: number;
            /** @description Times the bot was shown in a search result */
            searchImpressions: number;
            /** @description Times the bot was opened from a search result */
            searchClicks: number;
        };
        AnalyticsResponse: {
            data: components["schemas"]["BotAnalytics"];
        };
        AnalyticsTotals: {
            /** @description Views of the bot page */
            views: number;
            /** @description Unique visitors of the bot page, estimated per day (see the privacy page); a total is the sum of the days */
            visitors: number;
            /** @description Invite clicks through the directory */
            invites: number;
            votes: number;
            /** @description Impressions of the embeddable widget */
            widgetViews: number;
            /** @description Impressions of the embeddable card */
            cardViews: number;
            /** @description Impressions of the badges */
            badgeViews: number;
            /** @description Times the bot was shown in a search result */
            searchImpressions: number;
            /** @description Times the bot was opened from a search result */
            searchClicks: number;
        };
        Bot: {
            id: string;
            name: string;
            slugs: {
                de: string;
                en: string;
            };
            shortDescription: {
                de: string;
                en: string;
            };
            prefix: string;
            pricing: string;
            /** Format: uri */
            iconUrl: string;
            bannerUrl: string | null;
            /** Format: uri */
            inviteUrl: string;
            /** Format: uri */
            supportServerUrl: string;
            /** Format: uri */
            websiteUrl: string;
            categories: string[];
            tags: string[];
            owners: string[];
            serverCount: number;
            shardCount: number;
            votesTotal: number;
            votesMonth: number;
            rating: components["schemas"]["Rating"];
            isVerified: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            publishedAt: string;
        };
        BotAnalytics: {
            /** @description Days in the window */
            days: number;
            /**
             * Format: date
             * @description First day of the window (UTC)
             */
            from: string;
            /**
             * Format: date
             * @description Last day of the window: today (UTC), counted so far
             */
            to: string;
            /** @description One item per day of the window, oldest first, days without activity included */
            daily: components["schemas"]["AnalyticsDay"][];
            totals: components["schemas"]["AnalyticsTotals"];
            conversion: components["schemas"]["AnalyticsConversion"];
            /** @description Hosts that referred views of the bot page, most first (at most 20) */
            referrers: components["schemas"]["TopEntry"][];
            /** @description Search terms after which the bot was opened from a search result, most first (at most 20) */
            searchTerms: components["schemas"]["TopEntry"][];
            /** @description Hosts of pages that showed the widget, card or a badge, most first (at most 20) */
            embedReferrers: components["schemas"]["TopEntry"][];
        };
        BotList: {
            data: components["schemas"]["Bot"][];
            pagination: components["schemas"]["Pagination"];
        };
        BulkVoteStatus: {
            userId: string;
            voted: boolean;
            /** @description null when voted is false */
            votedAt: string | null;
            /** @description End of the 12-hour window; null when voted is false */
            expiresAt: string | null;
        };
        /** @description Someone supported the bot with a donation */
        DonationEvent: {
            /**
             * @description The kind of event
             * @constant
             */
            event: "donation";
            /**
             * Format: uuid
             * @description Event id: the same on every attempt and redelivery; ignore ids already handled
             */
            id: string;
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601 UTC with milliseconds)
             */
            createdAt: string;
            /** @description Application ID of the bot */
            botId: string;
            /** @description User ID of the voter, subscriber or donor */
            user: string;
            /** @description Display name of the donor; null when not given */
            username: string | null;
            /** @description Amount in currency units (at most two decimals), e.g. 4.5 */
            amount: number;
            /** @description ISO 4217 code, e.g. EUR */
            currency: string;
        };
        /** @description Error envelope */
        Error: {
            error: {
                /** @enum {string} */
                code: "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "request_timeout" | "conflict" | "payload_too_large" | "validation_failed" | "rate_limited" | "internal_error" | "service_unavailable";
                message: string;
                details?: {
                    field: string;
                    message: string;
                }[];
            };
        };
        HistoryBackfillResult: {
            /** @description Days written (new or replaced) */
            stored: number;
        };
        HistoryPoint: {
            /** Format: date */
            date: string;
            servers: number;
        };
        HistoryResponse: {
            /** @description One item per day, oldest first */
            data: components["schemas"]["HistoryPoint"][];
            days: number;
            /** @description `self` when the numbers come from the owner's reports, `platform` for the platform's own count */
            source: "self" | "platform";
        };
        /** @description The bot's listing changed state, or an edit of it was reviewed */
        ListingEvent: {
            /**
             * @description The kind of event
             * @constant
             */
            event: "listing";
            /**
             * Format: uuid
             * @description Event id: the same on every attempt and redelivery; ignore ids already handled
             */
            id: string;
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601 UTC with milliseconds)
             */
            createdAt: string;
            /** @description Application ID of the bot */
            botId: string;
            /**
             * @description The listing's state after the step; the bot is public while it is published
             * @enum {string}
             */
            status: "draft" | "submitted" | "published" | "changes_requested" | "denied" | "unlisted" | "removed";
            /**
             * @description The review of an edit after the step (none: no edit waits)
             * @enum {string}
             */
            editStatus: "none" | "submitted" | "changes_requested";
            /**
             * @description The step taken: submit, approve, request_changes, deny, remove …
             * @enum {string}
             */
            transition: "submit" | "withdraw" | "approve" | "request_changes" | "deny" | "unlist" | "relist" | "remove" | "publish" | "discard";
            /** @description true: the step is about an edit of the approved listing (which stayed public meanwhile) */
            edit: boolean;
            /** @description The moderator's note or reason (changes requested, denied, removed); else null */
            reason: string | null;
        };
        Pagination: {
            page: number;
            limit: number;
            total: number;
            pages: number;
        };
        /** @description A premium subscription began (active: true) or ended (active: false) */
        PremiumEvent: {
            /**
             * @description The kind of event
             * @constant
             */
            event: "premium";
            /**
             * Format: uuid
             * @description Event id: the same on every attempt and redelivery; ignore ids already handled
             */
            id: string;
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601 UTC with milliseconds)
             */
            createdAt: string;
            /** @description Application ID of the bot */
            botId: string;
            /** @description User ID of the voter, subscriber or donor */
            user: string;
            /** @description Server ID for a guild-scoped tier; null for a user-scoped tier */
            guildId: string | null;
            /**
             * Format: uuid
             * @description The tier subscribed to
             */
            tierId: string;
            /** @description Display name of the tier */
            tierName: string;
            /** @description Billing interval, e.g. month or year */
            interval: string;
            /** @description true: the subscription begins (or begins again after running out); false: it ends (ended, or ran past expiresAt) */
            active: boolean;
            /**
             * Format: date-time
             * @description Paid-until date
             */
            expiresAt: string;
            /** @description The subscriber cancelled; it ends at expiresAt instead of renewing */
            cancelAtPeriodEnd: boolean;
        };
        PremiumStatus: {
            active: boolean;
            tierId: string | null;
            tierName: string | null;
            interval: string | null;
            /** @description null for user-scoped tiers, the server ID for guild-scoped tiers */
            guildId: string | null;
            /** @description Paid-until date; null when there is none */
            expiresAt: string | null;
            cancelAtPeriodEnd: boolean;
        };
        Rating: {
            average: number;
            count: number;
        };
        Review: {
            /** Format: uuid */
            id: string;
            rating: number;
            body: string;
            user: string;
            username: string;
            helpfulCount: number;
            /** @description null when the developer has not replied */
            developerReply: {
                body: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                repliedAt: string;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updatedAt: string;
        };
        /** @description A review of the bot appeared, changed, was replied to, or left public view (opt-in: endpoints subscribe to review) */
        ReviewEvent: {
            /**
             * @description The kind of event
             * @constant
             */
            event: "review";
            /**
             * Format: uuid
             * @description Event id: the same on every attempt and redelivery; ignore ids already handled
             */
            id: string;
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601 UTC with milliseconds)
             */
            createdAt: string;
            /** @description Application ID of the bot */
            botId: string;
            /**
             * @description created: newly published (written, approved by a moderator, or published again); updated: a published review's stars or text changed; deleted: a published review was deleted (by its author or a moderator); replied: the developer's reply was set, changed or removed (developerReply null); hidden: a published review left view (a moderator hid it, or its author's edit waits for moderation)
             * @enum {string}
             */
            action: "created" | "updated" | "deleted" | "replied" | "hidden";
            /**
             * Format: uuid
             * @description The review
             */
            reviewId: string;
            /** @description User ID of the author */
            user: string;
            /** @description Display name of the author */
            username: string;
            /** @description Stars, 1 to 5 */
            rating: number;
            /** @description The review text (plain text, line breaks as \n), as it is after the change */
            body: string;
            /** @description The developer's reply after the change; null when there is none */
            developerReply: {
                body: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                repliedAt: string;
            } | null;
        };
        ReviewList: {
            data: components["schemas"]["Review"][];
            pagination: components["schemas"]["Pagination"];
        };
        SearchHit: {
            id: string;
            name: string;
            shortDescription: string;
            slug: string;
            /** Format: uri */
            iconUrl: string;
            categories: string[];
            votesMonth: number;
            votesTotal: number;
            serverCount: number;
            rating: components["schemas"]["Rating"];
            isVerified: boolean;
        };
        SearchResponse: {
            /** @description Best first */
            data: components["schemas"]["SearchHit"][];
            /** @description Number of matching published bots */
            total: number;
            /** @description The engine's own time for this query */
            processingTimeMs: number;
        };
        ShardList: {
            data: components["schemas"]["ShardReport"][];
            /** @description Pass as `after` for the next page; null on the last */
            nextAfter: number | null;
        };
        ShardListRecord: {
            /** @description Servers per shard, shard 0 first; the shard count is the length */
            shards: number[];
        };
        ShardReport: {
            shardId: number;
            serverCount: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            reportedAt: string;
        };
        /** @description The count of one shard: several processes report their own shards; the bot shows their sum */
        ShardStatsRecord: {
            /** @description The shard this count is of (0-based, below shardCount) */
            shardId: number;
            /** @description How many shards the bot runs in all */
            shardCount: number;
            /** @description Servers of this shard */
            serverCount: number;
        };
        StatsRecord: {
            serverCount: number;
            shardCount?: number;
        };
        StoredStats: {
            serverCount: number;
            shardCount: number;
        };
        /** @description Sent on request from the management API to check a receiver */
        TestEvent: {
            /**
             * @description The kind of event
             * @constant
             */
            event: "test";
            /**
             * Format: uuid
             * @description Event id: the same on every attempt and redelivery; ignore ids already handled
             */
            id: string;
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601 UTC with milliseconds)
             */
            createdAt: string;
            /** @description Application ID of the bot */
            botId: string;
            /** @description A fixed human-readable text */
            message: string;
        };
        /** @description A host or search term and its count over the window */
        TopEntry: {
            value: string;
            count: number;
        };
        VoteEntry: {
            user: string;
            username: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            votedAt: string;
            flagged: boolean;
        };
        /** @description Someone voted for the bot */
        VoteEvent: {
            /**
             * @description The kind of event
             * @constant
             */
            event: "vote";
            /**
             * Format: uuid
             * @description Event id: the same on every attempt and redelivery; ignore ids already handled
             */
            id: string;
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601 UTC with milliseconds)
             */
            createdAt: string;
            /** @description Application ID of the bot */
            botId: string;
            /** @description User ID of the voter, subscriber or donor */
            user: string;
            /** @description Display name of the voter at the time of the vote */
            username: string;
            /** @description The vote looks automated or abusive: do not reward it */
            flagged: boolean;
            /**
             * Format: date-time
             * @description When the vote was cast
             */
            votedAt: string;
            /** @description The bot's total votes with this one */
            votesTotal: number;
            /** @description The bot's votes in the UTC month of votedAt, with this one */
            votesMonth: number;
            /**
             * Format: date-time
             * @description End of the 12-hour window: from then on the user can vote again
             */
            expiresAt: string;
        };
        /** @description A voter's 12-hour window has ended: they can vote again (sent once per vote, within a minute of the window's end, to endpoints subscribed to vote.reminder) */
        VoteReminderEvent: {
            /**
             * @description The kind of event
             * @constant
             */
            event: "vote.reminder";
            /**
             * Format: uuid
             * @description Event id: the same on every attempt and redelivery; ignore ids already handled
             */
            id: string;
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601 UTC with milliseconds)
             */
            createdAt: string;
            /** @description Application ID of the bot */
            botId: string;
            /** @description User ID of the voter, subscriber or donor */
            user: string;
            /** @description Display name of the voter at the time of the vote */
            username: string;
            /** @description The vote this reminds of was flagged */
            flagged: boolean;
            /**
             * Format: date-time
             * @description When the vote was cast; the window ended 12 hours later
             */
            votedAt: string;
        };
        VoteStatus: {
            voted: boolean;
            /** @description null when voted is false */
            votedAt: string | null;
            /** @description End of the 12-hour window; null when voted is false */
            expiresAt: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    listBots: {
        parameters: {
            query?: {
                sort?: "votes_month" | "votes_total" | "servers" | "new" | "name";
                /** @description Case-insensitive substring of the bot name */
                search?: string;
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotList"];
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Bot"];
                    };
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBotReviews: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewList"];
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBotHistory: {
        parameters: {
            query?: {
                /** @description Window in days: 7, 30, 90 or 365 */
                days?: 7 | 30 | 90 | 365;
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HistoryResponse"];
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listVotes: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Only votes from the last n hours */
                hours?: number;
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VoteEntry"][];
                    };
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkVote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Platform ID: 17 to 20 digits */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VoteStatus"];
                    };
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkVotes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Users to check (1 to 100) */
                    userIds: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BulkVoteStatus"][];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    backfillHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    points: {
                        /**
                         * Format: date
                         * @description YYYY-MM-DD (UTC), before today and not before the bot was created (the time in its application ID)
                         */
                        date: string;
                        serverCount: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["HistoryBackfillResult"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatsRecord"] | components["schemas"]["ShardStatsRecord"] | components["schemas"]["ShardListRecord"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StoredStats"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request_timeout */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listShards: {
        parameters: {
            query?: {
                /** @description Only shards with a higher id (the `nextAfter` of the page before) */
                after?: number;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShardList"];
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUserPremium: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Platform ID: 17 to 20 digits */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PremiumStatus"];
                    };
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGuildPremium: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Platform ID: 17 to 20 digits */
                guildId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PremiumStatus"];
                    };
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBotAnalytics: {
        parameters: {
            query?: {
                /** @description Window in days, today included: 7, 30 or 90 */
                days?: 7 | 30 | 90;
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsResponse"];
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchBots: {
        parameters: {
            query: {
                /** @description What a person typed; 1–100 characters after trimming */
                q: string;
                limit?: number;
                /** @description Language of slug and shortDescription; ranks that language’s synonyms first */
                lang?: "de" | "en";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBadge: {
        parameters: {
            query?: {
                /** @description servers (default): serverCount; votes: votes this month; rating: average, star and count; votes_total: votes of all time; status: verified or unverified; rating_stars: the average as five stars and the count */
                variant?: "votes" | "servers" | "rating" | "votes_total" | "status" | "rating_stars";
                /** @description Omitted: follows the viewer’s system setting (prefers-color-scheme) */
                theme?: "dark" | "light";
                /** @description 1 drops the label */
                compact?: "1" | "0" | "true" | "false";
                /** @description shields.io style; default flat */
                style?: "flat" | "flat-square" | "for-the-badge" | "plastic" | "social";
                /** @description Replaces the label (at most 40 characters); empty drops it */
                label?: string;
                /** @description Background of the value: hex (ff69b4, %23ff69b4, f69) or brightgreen, green, yellowgreen, yellow, orange, red, blue, grey, gray, lightgrey, lightgray, success, important, critical, informational, inactive */
                color?: string;
                /** @description Background of the label: hex (ff69b4, %23ff69b4, f69) or brightgreen, green, yellowgreen, yellow, orange, red, blue, grey, gray, lightgrey, lightgray, success, important, critical, informational, inactive */
                labelColor?: string;
                /** @description 1 shows a logo: the bot's icon when stored as a data: URI, else the directory's */
                logo?: "1" | "0" | "true" | "false";
                /** @description Language of labels, numbers and dates */
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SVG image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
        };
    };
    getBadgeShields: {
        parameters: {
            query?: {
                /** @description servers (default): serverCount; votes: votes this month; rating: average, star and count; votes_total: votes of all time; status: verified or unverified; rating_stars: the average as five stars and the count */
                variant?: "votes" | "servers" | "rating" | "votes_total" | "status" | "rating_stars";
                /** @description Language of labels, numbers and dates */
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description shields.io endpoint-badge JSON: use as https://img.shields.io/endpoint?url=<this URL, encoded> */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        schemaVersion: 1;
                        label: string;
                        message: string;
                        /** @description Hex without # */
                        color: string;
                        cacheSeconds: number;
                    };
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCard: {
        parameters: {
            query?: {
                /** @description auto follows the viewer’s system setting */
                theme?: "auto" | "dark" | "light";
                /** @description Language of labels, numbers and dates */
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SVG image of 420 × 140 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
        };
    };
    getCardPng: {
        parameters: {
            query?: {
                /** @description auto draws the light theme */
                theme?: "auto" | "dark" | "light";
                /** @description Language of labels, numbers and dates */
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PNG image of 1200 × 630 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
        };
    };
    getWidget: {
        parameters: {
            query?: {
                /** @description Omitted: follows the viewer’s system setting (prefers-color-scheme) */
                theme?: "dark" | "light";
                /** @description Language of labels, numbers and dates */
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML document for an iframe of 420 × 140 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
        };
    };
    getChart: {
        parameters: {
            query?: {
                /** @description Days */
                range?: 7 | 30 | 90 | 365;
                theme?: "auto" | "dark" | "light";
                /** @description Default svg; png also when Accept asks for image/png */
                format?: "svg" | "png";
                /** @description auto: near the data, spanning at least 20 % of the top value; zero: from 0 */
                scale?: "auto" | "zero";
                /** @description Pixels */
                width?: number;
                /** @description Pixels */
                height?: number;
                /** @description PNG only: 2 renders twice the pixels for high-density screens (a PNG is at most 1280 × 640 pixels) */
                dpr?: 1 | 2;
                /** @description Language of labels, numbers and dates */
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                /** @description The bot application ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SVG image, or PNG with format=png or Accept: image/png */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                    "image/png": string;
                };
            };
            /** @description Not modified: If-None-Match named the current ETag */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description method_not_allowed */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "image/svg+xml": string;
                };
            };
        };
    };
    voteEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unix time in seconds when this attempt was made (fresh on every attempt). Reject it when more than 300 s from your clock (answer 400). */
                "x-service-timestamp": string;
                /** @description Lowercase hex HMAC-SHA-256 of `timestamp + "." + rawBody`, keyed with the webhook secret (whsec_…, as shown). Compare in constant time; reject a mismatch (answer 401). */
                "x-service-signature": string;
                /** @description Only while a secret rotation overlap runs: the same signature under the previous secret. Accept a call when either matches. */
                "x-service-signature-previous"?: string;
                /** @description Standard Webhooks: the event id (the body's `id`), the same on every attempt */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt (equal to x-service-timestamp) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA-256 of id.timestamp.body>`, keyed with the base64-decoded part of the secret after whsec_; during a rotation overlap two space-separated signatures (new, previous). Any Standard Webhooks library verifies it with the secret as shown. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VoteEvent"];
            };
        };
        responses: {
            /** @description Repeated later; a Retry-After longer than the schedule is honoured (up to one hour). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received. Any 2xx counts as success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Repeated: six repeats at most, after 10, 40, 90, 160, 250 and 360 seconds. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (other 4xx, 3xx) fails the delivery at once; redirects are not followed. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    voteReminderEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unix time in seconds when this attempt was made (fresh on every attempt). Reject it when more than 300 s from your clock (answer 400). */
                "x-service-timestamp": string;
                /** @description Lowercase hex HMAC-SHA-256 of `timestamp + "." + rawBody`, keyed with the webhook secret (whsec_…, as shown). Compare in constant time; reject a mismatch (answer 401). */
                "x-service-signature": string;
                /** @description Only while a secret rotation overlap runs: the same signature under the previous secret. Accept a call when either matches. */
                "x-service-signature-previous"?: string;
                /** @description Standard Webhooks: the event id (the body's `id`), the same on every attempt */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt (equal to x-service-timestamp) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA-256 of id.timestamp.body>`, keyed with the base64-decoded part of the secret after whsec_; during a rotation overlap two space-separated signatures (new, previous). Any Standard Webhooks library verifies it with the secret as shown. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VoteReminderEvent"];
            };
        };
        responses: {
            /** @description Repeated later; a Retry-After longer than the schedule is honoured (up to one hour). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received. Any 2xx counts as success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Repeated: six repeats at most, after 10, 40, 90, 160, 250 and 360 seconds. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (other 4xx, 3xx) fails the delivery at once; redirects are not followed. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    reviewEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unix time in seconds when this attempt was made (fresh on every attempt). Reject it when more than 300 s from your clock (answer 400). */
                "x-service-timestamp": string;
                /** @description Lowercase hex HMAC-SHA-256 of `timestamp + "." + rawBody`, keyed with the webhook secret (whsec_…, as shown). Compare in constant time; reject a mismatch (answer 401). */
                "x-service-signature": string;
                /** @description Only while a secret rotation overlap runs: the same signature under the previous secret. Accept a call when either matches. */
                "x-service-signature-previous"?: string;
                /** @description Standard Webhooks: the event id (the body's `id`), the same on every attempt */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt (equal to x-service-timestamp) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA-256 of id.timestamp.body>`, keyed with the base64-decoded part of the secret after whsec_; during a rotation overlap two space-separated signatures (new, previous). Any Standard Webhooks library verifies it with the secret as shown. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewEvent"];
            };
        };
        responses: {
            /** @description Repeated later; a Retry-After longer than the schedule is honoured (up to one hour). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received. Any 2xx counts as success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Repeated: six repeats at most, after 10, 40, 90, 160, 250 and 360 seconds. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (other 4xx, 3xx) fails the delivery at once; redirects are not followed. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    premiumEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unix time in seconds when this attempt was made (fresh on every attempt). Reject it when more than 300 s from your clock (answer 400). */
                "x-service-timestamp": string;
                /** @description Lowercase hex HMAC-SHA-256 of `timestamp + "." + rawBody`, keyed with the webhook secret (whsec_…, as shown). Compare in constant time; reject a mismatch (answer 401). */
                "x-service-signature": string;
                /** @description Only while a secret rotation overlap runs: the same signature under the previous secret. Accept a call when either matches. */
                "x-service-signature-previous"?: string;
                /** @description Standard Webhooks: the event id (the body's `id`), the same on every attempt */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt (equal to x-service-timestamp) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA-256 of id.timestamp.body>`, keyed with the base64-decoded part of the secret after whsec_; during a rotation overlap two space-separated signatures (new, previous). Any Standard Webhooks library verifies it with the secret as shown. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PremiumEvent"];
            };
        };
        responses: {
            /** @description Repeated later; a Retry-After longer than the schedule is honoured (up to one hour). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received. Any 2xx counts as success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Repeated: six repeats at most, after 10, 40, 90, 160, 250 and 360 seconds. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (other 4xx, 3xx) fails the delivery at once; redirects are not followed. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    donationEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unix time in seconds when this attempt was made (fresh on every attempt). Reject it when more than 300 s from your clock (answer 400). */
                "x-service-timestamp": string;
                /** @description Lowercase hex HMAC-SHA-256 of `timestamp + "." + rawBody`, keyed with the webhook secret (whsec_…, as shown). Compare in constant time; reject a mismatch (answer 401). */
                "x-service-signature": string;
                /** @description Only while a secret rotation overlap runs: the same signature under the previous secret. Accept a call when either matches. */
                "x-service-signature-previous"?: string;
                /** @description Standard Webhooks: the event id (the body's `id`), the same on every attempt */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt (equal to x-service-timestamp) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA-256 of id.timestamp.body>`, keyed with the base64-decoded part of the secret after whsec_; during a rotation overlap two space-separated signatures (new, previous). Any Standard Webhooks library verifies it with the secret as shown. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DonationEvent"];
            };
        };
        responses: {
            /** @description Repeated later; a Retry-After longer than the schedule is honoured (up to one hour). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received. Any 2xx counts as success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Repeated: six repeats at most, after 10, 40, 90, 160, 250 and 360 seconds. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (other 4xx, 3xx) fails the delivery at once; redirects are not followed. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    testEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unix time in seconds when this attempt was made (fresh on every attempt). Reject it when more than 300 s from your clock (answer 400). */
                "x-service-timestamp": string;
                /** @description Lowercase hex HMAC-SHA-256 of `timestamp + "." + rawBody`, keyed with the webhook secret (whsec_…, as shown). Compare in constant time; reject a mismatch (answer 401). */
                "x-service-signature": string;
                /** @description Only while a secret rotation overlap runs: the same signature under the previous secret. Accept a call when either matches. */
                "x-service-signature-previous"?: string;
                /** @description Standard Webhooks: the event id (the body's `id`), the same on every attempt */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt (equal to x-service-timestamp) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA-256 of id.timestamp.body>`, keyed with the base64-decoded part of the secret after whsec_; during a rotation overlap two space-separated signatures (new, previous). Any Standard Webhooks library verifies it with the secret as shown. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestEvent"];
            };
        };
        responses: {
            /** @description Repeated later; a Retry-After longer than the schedule is honoured (up to one hour). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received. Any 2xx counts as success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Repeated: six repeats at most, after 10, 40, 90, 160, 250 and 360 seconds. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (other 4xx, 3xx) fails the delivery at once; redirects are not followed. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listingEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unix time in seconds when this attempt was made (fresh on every attempt). Reject it when more than 300 s from your clock (answer 400). */
                "x-service-timestamp": string;
                /** @description Lowercase hex HMAC-SHA-256 of `timestamp + "." + rawBody`, keyed with the webhook secret (whsec_…, as shown). Compare in constant time; reject a mismatch (answer 401). */
                "x-service-signature": string;
                /** @description Only while a secret rotation overlap runs: the same signature under the previous secret. Accept a call when either matches. */
                "x-service-signature-previous"?: string;
                /** @description Standard Webhooks: the event id (the body's `id`), the same on every attempt */
                "webhook-id": string;
                /** @description Standard Webhooks: Unix seconds of this attempt (equal to x-service-timestamp) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA-256 of id.timestamp.body>`, keyed with the base64-decoded part of the secret after whsec_; during a rotation overlap two space-separated signatures (new, previous). Any Standard Webhooks library verifies it with the secret as shown. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListingEvent"];
            };
        };
        responses: {
            /** @description Repeated later; a Retry-After longer than the schedule is honoured (up to one hour). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received. Any 2xx counts as success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Repeated: six repeats at most, after 10, 40, 90, 160, 250 and 360 seconds. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other status (other 4xx, 3xx) fails the delivery at once; redirects are not followed. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
