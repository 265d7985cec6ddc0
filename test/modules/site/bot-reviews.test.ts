import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEWS_PAGE_SIZE } from '../../../src/modules/site/routes.js';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends } from '../../helpers.js';

const REVIEWS = REVIEWS_PAGE_SIZE + 3;

/** The review bodies shown on a page, in order. */
function bodies(page: string): string[] {
  return [...page.matchAll(/<article class="review"[^>]*>[\s\S]*?<p class="review-text" dir="auto">([^<]*)<\/p>/g)].map((m) => m[1]!);
}

for (const backend of backends()) {
  describe(`the bot page’s reviews: every one, a page at a time, most helpful or newest first (${backend})`, () => {
    const t = appPerFile(backend);
    let slug = '';

    beforeAll(async () => {
      const { id, body } = await putBot(t, { name: 'Reviewed' });
      slug = (body.slugs as { en: string }).en;
      for (let i = 0; i < REVIEWS; i++) {
        const response = await t.admin('POST', `/admin/v1/bots/${id}/reviews`, {
          user: String(600000000000000000n + BigInt(i)),
          username: i === 0 ? '<b>Mallory</b>' : `reviewer ${i}`,
          rating: 1 + (i % 5),
          body: i === 0 ? '<script>alert(1)</script> "onmouseover=' : `review ${String(i).padStart(2, '0')}`,
          // Review i was written on day i; the helpful counts run the other way for the first five.
          helpfulCount: i < 5 ? 10 - i : 0,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
        });
        expect(response.statusCode, response.body).toBe(201);
      }
    });

    it('shows the most helpful first, then the next page; newest first on request; both orders as links', async () => {
      const first = await t.get(`/en/bots/${slug}`);
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain(`Reviews <span class="muted">(${REVIEWS})</span>`);
      const helpful = bodies(first.body);
      expect(helpful).toHaveLength(REVIEWS_PAGE_SIZE);
      expect(helpful.slice(0, 5)).toEqual([
        '&lt;script&gt;alert(1)&lt;/script&gt; &quot;onmouseover=',
        'review 01',
        'review 02',
        'review 03',
        'review 04',
      ]);
      // Then the rest, newest first among equally helpful ones.
      expect(helpful[5]).toBe(`review ${REVIEWS - 1}`);
      expect(first.body).toContain('&lt;b&gt;Mallory&lt;/b&gt;');
      expect(first.body).not.toContain('<script>alert');
      expect(first.body).toContain(`<a href="/en/bots/${slug}#reviews" aria-current="true">Most helpful</a>`);
      expect(first.body).toContain(`<a href="/en/bots/${slug}?reviews=newest#reviews">Newest</a>`);
      expect(first.body).toContain(`<a href="/en/bots/${slug}?rpage=2#reviews" rel="next">`);

      const second = await t.get(`/en/bots/${slug}?rpage=2`);
      expect(bodies(second.body)).toHaveLength(REVIEWS - REVIEWS_PAGE_SIZE);
      expect([...helpful, ...bodies(second.body)]).toHaveLength(new Set([...helpful, ...bodies(second.body)]).size);

      const newest = await t.get(`/de/bots/${slug}?reviews=newest`);
      expect(newest.statusCode).toBe(200);
      expect(bodies(newest.body).slice(0, 3)).toEqual(['review 12', 'review 11', 'review 10']);
      expect(newest.body).toContain('aria-current="true">Neueste</a>');
      expect(newest.body).toContain(`<a href="/de/bots/${slug}?reviews=newest&amp;rpage=2#reviews" rel="next">`);
      const oldest = await t.get(`/de/bots/${slug}?reviews=newest&rpage=2`);
      expect(bodies(oldest.body).at(-1)).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &quot;onmouseover=');
      // The language switch keeps order and page.
      expect(oldest.body).toContain(`href="/en/bots/${slug}?reviews=newest&amp;rpage=2" hreflang="en"`);
    });

    it('a reviews page past the last is a 404 page; an order or page it cannot use a 422 page', async () => {
      expect((await t.get(`/en/bots/${slug}?rpage=3`)).statusCode).toBe(404);
      for (const query of ['rpage=0', 'rpage=x', 'reviews=oldest', 'reviews=%3Cscript%3E', 'rpage=1&rpage=2']) {
        const bad = await t.get(`/de/bots/${slug}?${query}`);
        expect(bad.statusCode, query).toBe(422);
        expect(bad.body).toContain('Die Adresse oder das Formular enthält einen ungültigen Wert');
        expect(bad.body).not.toContain('<script>');
      }
      // A bot without reviews shows none, and no orders to choose from.
      const { body } = await putBot(t, { name: 'Unreviewed' });
      const page = await t.get(`/en/bots/${(body.slugs as { en: string }).en}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('No reviews yet');
      expect(page.body).not.toContain('class="review-order"');
    });
  });
}
