/**
 * Mantine CSS for the app shell, per component instead of the whole '@mantine/core/styles.css' (40 KB gz), to
 * keep the first route's CSS small. Order matters: the three global files first, then components.
 *
 * Screens import the CSS of the other components they use next to the component, e.g. in a feature file:
 *   import '@mantine/core/styles/Tabs.css';
 * Vite then puts it in that route's chunk. Dependencies must be imported too (Button needs UnstyledButton;
 * see https://mantine.dev/styles/css-files-list).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Skeleton.css';
import '../styles/global.css';
