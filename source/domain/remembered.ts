// A function of one key worked out once per key and remembered for good: for a few keys that live as long as
// the program (a placement, a pinned option list), not for objects that come and go (use a WeakMap). Pure.

export function remembered<Key, Value>(make: (key: Key) => Value): (key: Key) => Value {
	const found = new Map<Key, Value>();
	return (key) => {
		let value = found.get(key);
		if (value === undefined) {
			value = make(key);
			found.set(key, value);
		}

		return value;
	};
}
