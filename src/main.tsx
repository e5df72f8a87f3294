// Composition root placeholder: replaced by the presentation shell.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<main>Backers</main>);
