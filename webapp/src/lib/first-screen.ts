// The answers the server wrote into the page for the first screen's GET requests (api/src/http/first-screen.ts):
// the current user and the route's data arrive with the page instead of after the main script, a round trip
// each on a phone. Each serves one request; every later request asks the server.
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenAnswers, type InlinedAnswer } from '../../../shared/first-screen';

let answers: FirstScreenAnswers | null = null;

function read(): FirstScreenAnswers {
  if (answers) return answers;
  const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  element?.remove();
  try {
    answers = element?.textContent ? (JSON.parse(element.textContent) as FirstScreenAnswers) : {};
  } catch {
    answers = {};
  }
  return answers;
}

export const hasInlinedAnswer = (path: string) => Object.hasOwn(read(), path);

export function takeInlinedAnswer(path: string): InlinedAnswer | undefined {
  const all = read();
  const answer = Object.hasOwn(all, path) ? all[path] : undefined;
  delete all[path];
  return answer;
}

/** Once the first screen is drawn, or inside Telegram (the member is whoever initData says, not the page's session). */
export function dropInlinedAnswers() {
  read();
  answers = {};
}
