import type { BadgeVariant, Theme } from './types.js';

/**
 * All colours of the three assets, one set per theme. Text/background pairs meet WCAG AA
 * (contrast ≥ 4.5:1, checked in test/modules/embeds/render/palette.test.ts), because a
 * badge is read at 11 px on whatever page it is pasted into.
 *
 * "light"/"dark" describe the asset itself: a light badge is made to sit on a light page,
 * a dark one on a dark page (GitHub's dark mode, Discord).
 */

export type BadgeRole = 'labelBg' | 'labelText' | 'valueText' | 'border' | `value-${BadgeVariant | 'notFound'}`;

export const BADGE_COLOURS: Record<Theme, Record<BadgeRole, string>> = {
  light: {
    labelBg: '#eaeef2',
    labelText: '#1f2328',
    valueText: '#ffffff',
    border: '#d0d7de',
    'value-votes': '#8250df',
    'value-servers': '#1a7f37',
    'value-rating': '#9a6700',
    'value-notFound': '#656d76',
    'value-votes_total': '#8250df',
    'value-status': '#0969da',
    'value-rating_stars': '#9a6700',
  },
  dark: {
    labelBg: '#2d333b',
    labelText: '#e6edf3',
    valueText: '#0d1117',
    border: '#444c56',
    'value-votes': '#b392f0',
    'value-servers': '#3fb950',
    'value-rating': '#e3b341',
    'value-notFound': '#8b949e',
    'value-votes_total': '#b392f0',
    'value-status': '#4493f8',
    'value-rating_stars': '#e3b341',
  },
};

export type SocialBadgeRole = 'box' | 'bubble' | 'border' | 'text';

/** The `social` style: neutral boxes like GitHub's buttons, in both themes. */
export const SOCIAL_BADGE_COLOURS: Record<Theme, Record<SocialBadgeRole, string>> = {
  light: { box: '#fcfcfc', bubble: '#fafafa', border: '#d5d5d5', text: '#333333' },
  dark: { box: '#21262d', bubble: '#161b22', border: '#3d444d', text: '#e6edf3' },
};

export type ChartRole = 'bg' | 'border' | 'title' | 'muted' | 'grid' | 'axis' | 'line' | 'dotRing';

export const CHART_COLOURS: Record<Theme, Record<ChartRole, string>> = {
  light: {
    bg: '#ffffff',
    border: '#d0d7de',
    title: '#1f2328',
    muted: '#59636e',
    grid: '#eaeef2',
    axis: '#afb8c1',
    line: '#0969da',
    dotRing: '#ffffff',
  },
  dark: {
    bg: '#0d1117',
    border: '#30363d',
    title: '#e6edf3',
    muted: '#9198a1',
    grid: '#21262d',
    axis: '#484f58',
    line: '#4493f8',
    dotRing: '#0d1117',
  },
};

export type WidgetRole = 'bg' | 'border' | 'text' | 'muted' | 'iconBg' | 'star' | 'verified' | 'button' | 'buttonHover' | 'buttonText';

/** The SVG card has the widget's colours (it is the widget for places that take only images). */
export const WIDGET_COLOURS: Record<Theme, Record<WidgetRole, string>> = {
  light: {
    bg: '#ffffff',
    border: '#d0d7de',
    text: '#1f2328',
    muted: '#59636e',
    iconBg: '#eaeef2',
    star: '#9a6700',
    verified: '#0969da',
    button: '#5865f2',
    buttonHover: '#4752c4',
    buttonText: '#ffffff',
  },
  dark: {
    bg: '#161b22',
    border: '#30363d',
    text: '#e6edf3',
    muted: '#9198a1',
    iconBg: '#2d333b',
    star: '#e3b341',
    verified: '#4493f8',
    button: '#5865f2',
    buttonHover: '#4752c4',
    buttonText: '#ffffff',
  },
};
