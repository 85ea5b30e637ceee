import { describe, expect, it } from 'vitest';
import { describeViolation } from '../../../demo/studio/a11y/describeViolation';

describe('describeViolation', () => {
  it('says known problems in plain words and counts the elements', () => {
    expect(describeViolation({ id: 'image-alt', help: 'Images must have alternative text', nodes: [1, 2] })).toBe(
      'Images have no text alternative, so screen reader users do not know what they show. Add alt="{{product_name}}". (2 elements)');
  });

  it('falls back to axe-core\'s own help for other rules', () => {
    expect(describeViolation({ id: 'aria-roles', help: 'ARIA roles used must conform to valid values', nodes: [1] })).toBe(
      'An ARIA attribute is used wrongly: ARIA roles used must conform to valid values.');
    expect(describeViolation({ id: 'meta-viewport', help: 'Zooming must not be disabled', nodes: [1] })).toBe('Zooming must not be disabled.');
  });
});
