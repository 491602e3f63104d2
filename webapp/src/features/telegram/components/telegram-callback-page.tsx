export function TelegramCallbackPage() {
  return <h1>TelegramCallbackPage</h1>;
}
