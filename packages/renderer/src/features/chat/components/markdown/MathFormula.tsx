import { useLayoutEffect, useState } from 'react';
import { useLazyModule } from './lazyModule';
import { mathModule } from './modules';

/**
 * A `$…$` or `$$…$$` formula typeset by KaTeX. Its source shows until KaTeX has loaded, and stays
 * when it is not valid TeX — which is also what a formula still arriving token by token looks like.
 */
export function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  const math = useLazyModule(mathModule, true);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [invalid, setInvalid] = useState(false);
  useLayoutEffect(() => {
    if (!math || !element) return;
    try {
      math.renderMath(tex, element, display);
      setInvalid(false);
    } catch {
      element.textContent = tex;
      setInvalid(true);
    }
  }, [math, element, tex, display]);
  const Tag = display ? 'div' : 'span';
  if (!math) return <Tag className="markdown__math-source">{tex}</Tag>;
  // KaTeX owns this element's children; React renders none.
  return <Tag ref={setElement} className={invalid ? 'markdown__math-source' : 'markdown__math'} />;
}
