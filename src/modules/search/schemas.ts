import { Type, type Static } from 'typebox';
import { named } from '../../lib/schemas.js';
import { Rating } from '../bots/schemas.js';

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100, description: 'What a person typed; 1–100 characters after trimming' }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
  lang: Type.Enum(['de', 'en'], {
    type: 'string',
    default: 'en',
    description: 'Language of slug and shortDescription; ranks that language’s synonyms first',
  }),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchHit = named(
  'SearchHit',
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    shortDescription: Type.String(),
    slug: Type.String(),
    iconUrl: Type.String({ format: 'uri' }),
    categories: Type.Array(Type.String()),
    votesMonth: Type.Integer(),
    votesTotal: Type.Integer(),
    serverCount: Type.Integer(),
    rating: Rating,
    isVerified: Type.Boolean(),
  }),
);
export type SearchHit = Static<typeof SearchHit>;

export const SearchResponse = named(
  'SearchResponse',
  Type.Object({
    data: Type.Array(SearchHit, { description: 'Best first' }),
    total: Type.Integer({ description: 'Number of matching published bots' }),
    processingTimeMs: Type.Integer({ description: "The engine's own time for this query" }),
  }),
);
export type SearchResponse = Static<typeof SearchResponse>;

const Word = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const SynonymsBody = named(
  'Synonyms',
  Type.Object(
    {
      oneWay: Type.Array(
        Type.Object({ input: Word, synonyms: Type.Array(Word, { minItems: 1, maxItems: 50 }) }, { additionalProperties: false }),
        { maxItems: 1000, description: 'input also finds each synonym (not the other way round)' },
      ),
      multiWay: Type.Array(Type.Array(Word, { minItems: 2, maxItems: 50 }), {
        maxItems: 1000,
        description: 'every word of a group finds every other',
      }),
    },
    { additionalProperties: false },
  ),
);
export type SynonymsBody = Static<typeof SynonymsBody>;
