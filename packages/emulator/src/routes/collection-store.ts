/** Where a collection's objects live: the operations the collection routes use. */
import type { Id } from "./collection-params";

/** The live objects of a collection (always the current state's). */
export interface Store<T> {
  /** The objects of one parent. */
  of(parentId: Id): T[];
  /** An object by id, whatever its parent. */
  find(id: Id): T | undefined;
  add(parentId: Id, item: T): void;
  /** Puts `next` in the place of the object `id`. */
  replace(parentId: Id, id: Id, next: T): void;
  remove(parentId: Id, id: Id): void;
}

/** A store over one array of the state (`all()` is read afresh each time: state PUTs replace it). */
export function flatStore<T>(
  all: () => T[],
  idOf: (item: T) => Id,
  parentIdOf: (item: T) => Id,
): Store<T> {
  const at = (id: Id) => all().findIndex((x) => idOf(x) === id);
  return {
    of: (parentId) => all().filter((x) => parentIdOf(x) === parentId),
    find: (id) => all().find((x) => idOf(x) === id),
    add: (_parentId, item) => void all().push(item),
    replace: (_parentId, id, next) => {
      const i = at(id);
      if (i !== -1) all()[i] = next;
    },
    remove: (_parentId, id) => {
      const i = at(id);
      if (i !== -1) all().splice(i, 1);
    },
  };
}
