import './portal.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('portal.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);
