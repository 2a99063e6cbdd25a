import { App } from './App';
import { EmbedApp } from './EmbedApp';
import { useApp } from './store';

/** The page: the classroom app, or the embed view when the address says `embed=1`. */
export function AppRoot() {
  const embed = useApp((s) => s.embed);
  return embed ? <EmbedApp /> : <App />;
}
