// Health & emergency: the member's care card (allergies, medication, diet, who to call), which the leaders of an
// event they reply to read for the trip. A minor whose guardian keeps it reads it here.
import { Card } from '../../../components/card/card';
import { careMessages } from '../../../components/care-card/care-messages';
import { CarePanel } from '../../../components/care-card/care-panel';
import { useT } from '../../../i18n';

export function HealthSettings() {
  const t = useT();
  return (
    <Card title={t(careMessages.title)} labelledBy="health-title">
      <CarePanel owner="me" idPrefix="care" />
    </Card>
  );
}
