import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMBED_SIZE,
  EMBED_SIZES,
  embedSnippet,
  htmlAttr,
} from '../../../src/ui/model/embedCode';
import { buildQuery, parseLocation } from '../../../src/ui/model/urlState';

describe('embed code', () => {
  it('is an <iframe> of the address with its size, title and lazy loading, escaped for HTML', () => {
    expect(
      embedSnippet(
        'https://host.example/ackclock/?preset=ff-3-drops&sender=reno&e=40&embed=1',
        { width: 800, height: 450 },
        'ackclock: Three drops: packets 15, 27 and 29 (Reno TCP)',
      ),
    ).toBe(
      '<iframe src="https://host.example/ackclock/?preset=ff-3-drops&amp;sender=reno&amp;e=40&amp;embed=1" width="800" height="450" title="ackclock: Three drops: packets 15, 27 and 29 (Reno TCP)" loading="lazy"></iframe>',
    );
  });

  it('nothing in a title or an address can leave its attribute', () => {
    expect(htmlAttr('a "b" <c> & d')).toBe('a &quot;b&quot; &lt;c&gt; &amp; d');
    const code = embedSnippet('https://h/?x="><script>', { width: 640, height: 360 }, '"><b>');
    expect(code).not.toContain('<script');
    expect(code).not.toContain('<b>');
    expect(code.match(/"/g)).toHaveLength(10); // src, width, height, title, loading
  });

  it('offers 16:9 sizes from 640×360 (the smallest the embed view fits), 800×450 first', () => {
    expect(EMBED_SIZES.map((s) => `${s.width}x${s.height}`)).toEqual([
      '640x360',
      '800x450',
      '960x540',
      '1280x720',
    ]);
    for (const s of EMBED_SIZES) expect(s.width * 9).toBe(s.height * 16);
    expect(DEFAULT_EMBED_SIZE).toEqual({ width: 800, height: 450 });
  });
});

describe('view key embed', () => {
  it('reads 1 and 0, is written last and only when on, and round-trips', () => {
    const p = parseLocation('?preset=ff-1-drops&sender=reno&embed=1&e=40&panels=router,cwnd');
    expect(p.errors).toEqual([]);
    expect(p.view).toEqual({ embed: true, e: 40, panels: ['router', 'cwnd'] });
    const q = buildQuery(p.scenario, p.view);
    expect(q).toBe('preset=ff-1-drops&sender=reno&e=40&panels=router,cwnd&embed=1');
    expect(parseLocation(`?${q}`).view).toEqual(p.view);
    expect(buildQuery(p.scenario, { ...p.view, embed: false })).toBe(
      'preset=ff-1-drops&sender=reno&e=40&panels=router,cwnd',
    );
    expect(parseLocation('?preset=ff-1-drops&embed=0').view).toEqual({ embed: false });
  });

  it('refuses any other value with a message, keeping the rest of the link', () => {
    const p = parseLocation('?preset=ff-1-drops&sender=newreno&embed=yes&e=3');
    expect(p.errors).toEqual([{ key: 'embed', message: 'embed: “yes” must be 1 or 0' }]);
    expect(p.view).toEqual({ e: 3 });
    expect(buildQuery(p.scenario, p.view)).toBe('preset=ff-1-drops&sender=newreno&e=3');
  });
});
