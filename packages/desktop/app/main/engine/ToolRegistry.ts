import type { ITool } from './ITool';

/** Two tools with one name: the model could not tell which one it calls. */
export class DuplicateToolError extends Error {
  readonly toolName: string;

  constructor(toolName: string) {
    super(`a tool named "${toolName}" is already registered; unregister it first or rename one of them`);
    this.name = 'DuplicateToolError';
    this.toolName = toolName;
  }
}

/** The tools one TinyElf session offers the model, by name, in registration order. */
export class ToolRegistry {
  private readonly tools = new Map<string, ITool>();

  /** Throws DuplicateToolError when the name is taken; the registered tool stays as it was. */
  register(tool: ITool): void {
    if (this.tools.has(tool.name)) throw new DuplicateToolError(tool.name);
    this.tools.set(tool.name, tool);
  }

  get(name: string): ITool | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** A snapshot: registering or unregistering later does not change the returned array. */
  list(): ITool[] {
    return [...this.tools.values()];
  }

  /** False when no tool had that name. */
  unregister(name: string): boolean {
    return this.tools.delete(name);
  }

  get size(): number {
    return this.tools.size;
  }
}
