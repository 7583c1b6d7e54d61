/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { ShellArea } from '../shell/index.ts';
import type { Announcement } from './home.contract.ts';
import { landingRoute, matchesAnnouncement } from './home-rules.ts';

/** Every area's declaration, as the web app finds them: banners land on what the areas declare. */
const areas = Object.values(import.meta.glob<ShellArea>('../*/*.page.ts', { eager: true, import: 'shellArea' }));

const notice: Announcement = {
  ancmnt_title: 'Annual Sports Day',
  description: '<p>All students assemble at <b>8 AM</b></p>',
  updated_by: 'Principal Office',
  updated_date: '18-11-2026 04:35 PM',
  announced_date: '18-11-2026',
  announced_time: '09:00 AM',
  batch_sec_names: 'All',
  announcement_img_url: '',
  file_name: '',
  file_url: '',
};

describe('landingRoute', () => {
  it.each([
    ['TIME TABLE', '/timetable'],
    ['STUDY MATERIALS', '/studymaterial'],
    ['LIVE CLASSES', '/live'],
    ['MY EXAM', '/exam'],
    ['DOCUMENTS', '/document'],
    ['ASSIGNMENTS', '/assignment'],
    ['MY PRODUCTS', '/product'],
    ['EXAM REPORTS', '/report'],
  ])('%s lands on %s', (label, route) => {
    expect(landingRoute(areas, label)).toBe(route);
  });
  it('knows no other label', () => {
    expect(landingRoute(areas, 'FEES')).toBeUndefined();
  });
});

describe('matchesAnnouncement (spec part 1 §5)', () => {
  it.each(['sports', 'assemble', 'principal', '18-11-2026', '04:35 PM', '4:35'])('finds it by %j', (query) => {
    expect(matchesAnnouncement(notice, query)).toBe(true);
  });
  it('does not match tags or other text', () => {
    expect(matchesAnnouncement(notice, '<b>')).toBe(false);
    expect(matchesAnnouncement(notice, 'exam')).toBe(false);
  });
});
