import { describe, expect, it } from 'vitest';
import { allPolicies, sharedPolicies } from './policies.ts';

describe('allPolicies', () => {
  const pass = () => undefined;

  it('joins the shared policies and each area’s', () => {
    const policies = allPolicies(['institute', 'receipt'], [{ receipt: pass }]);
    expect(policies.receipt).toBe(pass);
    expect(policies.institute).toBe(sharedPolicies.institute);
  });

  it('stops the server when a declared kind of id has no policy, so no id goes unchecked', () => {
    expect(() => allPolicies(['institute', 'receipt'], [])).toThrow("No policy for ids of kind 'receipt'");
  });

  it('stops the server when two areas claim one kind', () => {
    expect(() => allPolicies(['receipt'], [{ receipt: pass }, { receipt: pass }])).toThrow(
      "Two policies for ids of kind 'receipt'",
    );
    expect(() => allPolicies(['student'], [{ student: pass }])).toThrow("Two policies for ids of kind 'student'");
  });
});
