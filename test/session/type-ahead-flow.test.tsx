import {render} from 'ink-testing-library';
import type {ReactNode} from 'react';
import {describe, expect, it, vi} from 'vitest';
import {TypeAheadFlow} from '../../source/ui/components/type-ahead/type-ahead-flow.js';
import type {PickItem} from '../../source/ui/components/type-ahead/type-ahead-reducer.js';
import {KeyRouterContext, useKeyRouter} from '../../source/ui/screens/key-router.js';
import {keys, press, waitForContent} from '../ui/screens/ink-keys.js';

function Router({children}: {readonly children: ReactNode}) {
	const router = useKeyRouter({isActive: true});
	return <KeyRouterContext.Provider value={router}>{children}</KeyRouterContext.Provider>;
}

const items: PickItem[] = ['c8g.large', 'c8g.4xlarge', 'c8gn.4xlarge', 'm7i.8xlarge'].map((label) => ({
	value: label,
	label,
	detail: `aws · detail of ${label}`,
	published: `published: figure of ${label}`,
}));

describe('the type-ahead picker, by keystrokes', () => {
	it('narrows as you type, shows the published figure of the highlighted shape, and chooses with Enter', async () => {
		const onChoose = vi.fn();
		const app = render(
			<Router>
				<TypeAheadFlow
					items={items}
					prompt="Shape"
					width={60}
					isActive
					onChoose={onChoose}
					onBack={vi.fn()}
					onInterrupt={vi.fn()}
				/>
			</Router>,
		);
		await waitForContent(app, 'Shape:');
		await press(app, 'c', '❯ c8g.large');
		await press(app, '8g', 'published: figure of c8g.large');
		expect(app.lastFrame()).not.toContain('m7i.8xlarge');
		await press(app, keys.down, '❯ c8g.4xlarge');
		expect(app.lastFrame()).toContain('published: figure of c8g.4xlarge');
		await press(app, 'n', '❯ c8gn.4xlarge');
		expect(app.lastFrame()).not.toContain('c8g.large');
		await press(app, keys.backspace, '❯ c8g.large');
		app.stdin.write(keys.enter);
		await vi.waitFor(() => expect(onChoose).toHaveBeenCalledWith(items[0]));
		expect(onChoose).toHaveBeenCalledTimes(1);
	});

	it('says when nothing matches; Enter on an empty query chooses nothing; Esc goes back', async () => {
		const onChoose = vi.fn();
		const onBack = vi.fn();
		const app = render(
			<Router>
				<TypeAheadFlow
					items={items}
					prompt="Shape"
					width={60}
					isActive
					onChoose={onChoose}
					onBack={onBack}
					onInterrupt={vi.fn()}
				/>
			</Router>,
		);
		await waitForContent(app, 'Shape:');
		await press(app, 'zz', 'No shape matches “zz”');
		app.stdin.write(keys.enter);
		await press(app, `${keys.backspace}`, 'Shape: z');
		expect(onChoose).not.toHaveBeenCalled();
		await press(app, keys.backspace, (frame) => !frame.includes('No shape matches'));
		app.stdin.write(keys.escape);
		await vi.waitFor(() => expect(onBack).toHaveBeenCalledTimes(1));
		app.stdin.write(keys.enter);
		await vi.waitFor(() => expect(onChoose).toHaveBeenCalledWith(null));
	});
});
