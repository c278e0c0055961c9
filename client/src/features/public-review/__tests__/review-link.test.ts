import { describe, expect, it } from 'vitest';

import { reviewLinkFromPath } from '../review-link';

describe('reviewLinkFromPath', () => {
  it.each([
    ['/review/AbCdEfGhIjKlMnOpQrStUv', 'AbCdEfGhIjKlMnOpQrStUv'],
    ['/review/AbCdEfGhIjKlMnOpQrStUv/', 'AbCdEfGhIjKlMnOpQrStUv'],
    ['/REVIEW/xyz', 'xyz'],
    ['/review/a%20b', 'a b'],
  ])('when the path is %s, then the link is %s', (path, link) => {
    expect(reviewLinkFromPath(path)).toBe(link);
  });

  it.each(['/review', '/review/', '/review/a/b', '/reviews/abc', '/', '/review/%E0%A4%A'])(
    'when the path is %s, then it names no link',
    (path) => {
      expect(reviewLinkFromPath(path)).toBeNull();
    },
  );
});
