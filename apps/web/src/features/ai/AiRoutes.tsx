// The AI screens under /ai, loaded as a chunk of their own when first opened (the live wall does not wait for
// them): /ai adapters and models, /ai/models/new, /ai/models/:modelId, /ai/results, /ai/cloud.
import { Route, Routes } from 'react-router';
import { AiCloudPage } from './AiCloudPage';
import { AiPage } from './AiPage';
import { AiSection } from './AiSection';
import { ModelPage } from './ModelPage';
import { NewModelPage } from './NewModelPage';
import { ResultsPage } from './ResultsPage';
import { NotFound } from '../shell/NotFound';

export default function AiRoutes() {
  return (
    <Routes>
      <Route element={<AiSection />}>
        <Route index element={<AiPage />} />
        <Route path="models/new" element={<NewModelPage />} />
        <Route path="models/:modelId" element={<ModelPage />} />
        <Route path="results" element={<ResultsPage />} />
        <Route path="cloud" element={<AiCloudPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
