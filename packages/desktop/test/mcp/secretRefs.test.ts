import { describe, expect, it } from 'vitest';
import { replaceSecretRefs, secretRefsOf } from '../../app/shared/contracts/secret-refs';

describe('secret references', () => {
  it('finds ${env:NAME} and ${input:id} in order, inside other text', () => {
    expect(secretRefsOf('Bearer ${input:github-pat} for ${env:USER_NAME}').refs).toEqual([
      { kind: 'input', name: 'github-pat', text: '${input:github-pat}' },
      { kind: 'env', name: 'USER_NAME', text: '${env:USER_NAME}' },
    ]);
  });

  it('reports placeholders of unknown kinds or with invalid names, and ignores plain text', () => {
    const found = secretRefsOf('${secret:x} ${env:} ${env:1BAD} ${input:a b} $HOME ${HOME} plain');
    expect(found.refs).toEqual([]);
    expect(found.unknown.map((u) => u.text)).toEqual(['${secret:x}', '${env:}', '${env:1BAD}']);
  });

  it('replaces what the lookup answers and leaves the rest as written', () => {
    const out = replaceSecretRefs('a=${env:A} b=${input:b} c=${env:C} d=${weird:d}', (ref) => (ref.name === 'A' ? '1' : ref.name === 'b' ? 'two' : undefined));
    expect(out).toBe('a=1 b=two c=${env:C} d=${weird:d}');
  });
});
