import { expect } from 'chai';
import { MAX_LIMIT, pageSize, pageSizeForCost, searchTerm } from '../../src/pagination/index';
import type { ValidationDetail } from '../../src/platform/index';

describe('pagination limits: the rules every door applies', () => {
  it('pageSize: default 50, above 200 read as 200, not an integer or below 1 refused at the door\'s path', () => {
    expect([undefined, null, 1, 200, 201, 1e9].map((l) => pageSize(l))).to.deep.equal([50, 50, 1, MAX_LIMIT, MAX_LIMIT, MAX_LIMIT]);
    expect(() => pageSize(0, 'first')).to.throw('first: must be at least 1');
    expect(() => pageSize(2.5)).to.throw('limit: must be an integer');
    const details: ValidationDetail[] = [];
    expect(pageSize(-1, 'limit', details)).to.equal(50);
    expect(details).to.deep.equal([{ path: 'limit', message: 'must be at least 1' }]);
    expect([undefined, 0, 7, 5000].map((l) => pageSizeForCost(l))).to.deep.equal([50, 1, 7, MAX_LIMIT]);
  });

  it('searchTerm: trimmed, blank is none, longer than 200 characters refused', () => {
    expect([undefined, null, '', '   ', ' Acme '].map((s) => searchTerm(s))).to.deep.equal([undefined, undefined, undefined, undefined, 'Acme']);
    expect(searchTerm(` ${'x'.repeat(200)} `)).to.have.length(200);
    expect(() => searchTerm('x'.repeat(201), 'filter.search')).to.throw('filter.search: must be at most 200 characters long');
  });
});
