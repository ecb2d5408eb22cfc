import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './app/query-client.ts';
import { bindSessionEffects } from './app/session-effects.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

bindSessionEffects(queryClient);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
