import { Type, type Static } from 'typebox';
import { named } from '../../lib/schemas.js';
import { Rating } from '../bots/schemas.js';
import { QUORUM } from './engine/ranking.js';

/** The longest query, after trimming (the API's bound; the search page takes the same). */
export const MAX_QUERY_LENGTH = 100;

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: MAX_QUERY_LENGTH, description: 'What a person typed; 1–100 characters after trimming' }),
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

export const ExplainQuery = Type.Object({
  q: SearchQuery.properties.q,
  lang: SearchQuery.properties.lang,
});
export type ExplainQuery = Static<typeof ExplainQuery>;

const Count = Type.Integer({ minimum: 0 });

export const SearchExplanation = named(
  'SearchExplanation',
  Type.Object({
    words: Type.Array(
      Type.Object({
        word: Type.String({ description: 'A query word as the index folds it' }),
        stopWord: Type.Boolean({ description: 'A stop-like word ("bot", "für"): it ranks last and finds nothing alone' }),
        weight: Type.Number({
          minimum: 0,
          description:
            'Its weight in the quorum: ln(1 + bots ÷ bots that have it), its inverse document frequency; 0 for a stop-like word or one that matches nothing',
        }),
      }),
    ),
    quorum: Type.Number({
      minimum: 0,
      description: `The query weight a bot had to cover to be returned: ${QUORUM * 100} % of what the best covers (all of it when the query is a bot’s name)`,
    }),
    topicFrom: Type.Union([Type.String(), Type.Null()], {
      description:
        'The id of the best result: a bot that has the query only in its descriptions was returned only if it shares a category with that bot (null: the best result has no category, so none was left out for this)',
    }),
    total: Type.Integer({ description: 'Number of matching published bots, as the search answers it' }),
    results: Type.Array(
      Type.Object({
        rank: Type.Integer({ minimum: 1 }),
        id: Type.String(),
        name: Type.String(),
        criteria: Type.Object(
          {
            fullName: Type.Boolean({ description: '1. the query is the bot’s name' }),
            wordsMissing: Type.Integer({
              minimum: 0,
              description: '2. 2 per query word not matched, 1 per word matched by a compound’s part only',
            }),
            typos: Type.Integer({ minimum: 0, description: '3. typos, summed over matched words' }),
            proximity: Type.Integer({ minimum: 0, description: '4. distance between consecutive matched words, summed' }),
            kindsMissing: Type.Integer({
              minimum: 0,
              description:
                '5. support: the kinds of fields (name and slugs, tags and categories, descriptions) each word is not found in, summed',
            }),
            exactness: Type.Integer({ minimum: 0, description: '6. as typed 0 … compound part 6, summed' }),
            attribute: Type.Integer({ minimum: 0, description: '7. rank of the field of each word’s best match (0 = name), summed' }),
            stopWordsMissing: Type.Integer({ minimum: 0, description: '8. stop-like words of the query the bot lacks' }),
            votesBand: Type.Integer({ minimum: 0, description: '9. ⌊log2(1 + monthly votes)⌋' }),
            serversBand: Type.Integer({ minimum: 0, description: '10. ⌊log2(1 + servers)⌋; then the id' }),
          },
          { description: 'The ranking criteria, compared in this order: lower wins, except bands (higher wins)' },
        ),
        covered: Type.Number({ minimum: 0, description: 'The query weight the bot covers (see `quorum`)' }),
        words: Type.Array(
          Type.Object({
            word: Type.String(),
            stopWord: Type.Boolean(),
            match: Type.Union([
              Type.Null(),
              Type.Object({
                term: Type.Union([Type.String(), Type.Null()], {
                  description: 'The indexed word matched; null for several words together (a compound, a phrase synonym)',
                }),
                typos: Count,
                field: Type.String({ description: 'name, slugEn, slugDe, tags, categories, descriptionEn or descriptionDe' }),
                fieldRank: Count,
                position: Count,
                exactness: Type.String({ description: 'exact, stem, prefix, compound, synonym, synonymOtherLang or part' }),
              }),
            ]),
          }),
        ),
      }),
      { description: 'The top 20, best first' },
    ),
  }),
);
export type SearchExplanation = Static<typeof SearchExplanation>;
