import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectBridge } from './bridge';
import { BridgeProvider } from './bridge/context';
import './styles.css';
import { applyTheme, useThemeStore } from './theme/theme';

// Before the first paint: a dark OS never sees a flash of the light theme.
applyTheme(useThemeStore.getState().theme);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <BridgeProvider value={connectBridge()}>
      <App />
    </BridgeProvider>
  </StrictMode>,
);
