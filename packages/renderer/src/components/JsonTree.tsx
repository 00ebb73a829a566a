/**
 * A JSON value as a collapsible tree (a tool's structuredContent): objects and arrays are native
 * <details>, so they open with Enter or Space and screen readers announce them as expandable.
 * The first `openDepth` levels start open; deeper ones start closed, so a large value stays readable.
 */
export interface JsonTreeProps {
  value: unknown;
  /** Accessible name of the whole tree. */
  label: string;
  /** Levels open at first. Default 1. */
  openDepth?: number;
}

export function JsonTree({ value, label, openDepth = 1 }: JsonTreeProps) {
  return (
    <div className="json-tree" role="group" aria-label={label}>
      <JsonNode name={undefined} value={value} depth={0} openDepth={openDepth} />
    </div>
  );
}

interface JsonNodeProps {
  name: string | undefined;
  value: unknown;
  depth: number;
  openDepth: number;
}

function JsonNode({ name, value, depth, openDepth }: JsonNodeProps) {
  const key = name === undefined ? null : <span className="json-tree__key">{name}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="json-tree__leaf">
        {key}
        <JsonPrimitive value={value} />
      </div>
    );
  }
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <div className="json-tree__leaf">
        {key}
        <span className="json-tree__punct">{`${open}${close}`}</span>
      </div>
    );
  }
  return (
    <details className="json-tree__branch" open={depth < openDepth}>
      <summary>
        {key}
        <span className="json-tree__punct">{`${open}…${close}`}</span> <span className="json-tree__count">({entries.length})</span>
      </summary>
      <div className="json-tree__children">
        {entries.map(([childName, child]) => (
          <JsonNode key={childName} name={childName} value={child} depth={depth + 1} openDepth={openDepth} />
        ))}
      </div>
    </details>
  );
}

function JsonPrimitive({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="json-tree__string">{JSON.stringify(value)}</span>;
  if (typeof value === 'number' || typeof value === 'bigint') return <span className="json-tree__number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-tree__boolean">{String(value)}</span>;
  return <span className="json-tree__null">null</span>;
}
