import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startController } from './app/controller';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

startController();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
