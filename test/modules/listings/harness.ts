/** An app whose platform adapter talks to the stand-in, and the steps of a listing as an owner takes them. */
import { afterAll, beforeAll, expect } from 'vitest';
import { startPlatformStandIn, type PlatformStandIn } from '../../../scripts/platform-stand-in.js';
import { AppError } from '../../../src/lib/errors.js';
import type { ListingContent } from '../../../src/modules/listings/schemas.js';
import type { Listing } from '../../../src/modules/listings/schemas.js';
import type { TestApp } from '../../helpers.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';

/** A platform stand-in for the file: started before the apps of the file are built (register it first). */
export function platformPerFile(): { readonly standIn: PlatformStandIn; readonly env: Record<string, string> } {
  let standIn: PlatformStandIn | undefined;
  beforeAll(async () => {
    standIn = await startPlatformStandIn();
  });
  afterAll(async () => standIn?.stop());
  return {
    get standIn() {
      if (!standIn) throw new Error('The stand-in starts in beforeAll');
      return standIn;
    },
    get env() {
      if (!standIn) throw new Error('The stand-in starts in beforeAll');
      return standIn.env;
    },
  };
}

let counter = 0;

/** A fresh application ID the stand-in knows, named `name`. */
export function newApplication(standIn: PlatformStandIn, name = 'Lantern', extra: { description?: string; bot?: boolean } = {}): string {
  counter += 1;
  const id = `${1_400_000_000_000_000_000n + BigInt(Date.now() % 1e9) * 10_000n + BigInt(counter)}`;
  standIn.addApplication({ id, name, description: extra.description ?? 'Daily quizzes and trivia nights.', bot: extra.bot });
  return id;
}

/** A fresh platform user ID. */
export function newUser(): string {
  counter += 1;
  return `${210_000_000_000_000_000n + BigInt(Date.now() % 1e9) * 10_000n + BigInt(counter)}`;
}

/** Every field an owner must fill in, valid, with slugs unique to the test. */
export function completeContent(overrides: Partial<ListingContent> = {}): Partial<ListingContent> {
  counter += 1;
  const slug = `lantern-${Date.now().toString(36)}-${counter}`;
  return {
    name: 'Lantern',
    slugs: { de: `${slug}-de`, en: slug },
    shortDescription: { de: 'Quizze und Ratespiele für deinen Server.', en: 'Quizzes and trivia nights for your server.' },
    longDescription: { de: '## Funktionen\n\n- Tägliche Quizze', en: '## Features\n\n- Daily quizzes\n\n<script>alert(1)</script>' },
    prefix: '/',
    pricing: 'free',
    iconUrl: 'https://cdn.example.org/lantern.png',
    bannerUrl: 'https://cdn.example.org/lantern-banner.png',
    inviteUrl: 'https://discord.com/oauth2/authorize?client_id=1',
    supportServerUrl: 'https://discord.gg/lantern',
    websiteUrl: 'https://lantern.example.org',
    categories: ['fun'],
    tags: ['quiz', 'trivia'],
    screenshots: ['https://cdn.example.org/shot-1.png'],
    ...overrides,
  };
}

/** The error a call threw (fails the test when it did not throw an AppError). */
export async function refused(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** An owner's new listing, filled in and submitted: its bot id, the owner and the submission. */
export async function submittedListing(
  t: TestApp,
  standIn: PlatformStandIn,
  overrides: Partial<ListingContent> = {},
): Promise<{ botId: string; owner: string; listing: Listing; content: Partial<ListingContent> }> {
  const owner = newUser();
  const botId = newApplication(standIn, overrides.name ?? 'Lantern');
  const listings = t.app.services.listings;
  await listings.create(dashboardUser(owner), botId);
  const content = completeContent(overrides);
  await listings.edit(dashboardUser(owner), botId, content);
  const listing = await listings.submit(dashboardUser(owner), botId);
  expect(listing.status).toBe('submitted');
  return { botId, owner, listing, content };
}
