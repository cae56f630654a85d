/**
 * The Glossary step: studio-panels' GlossaryPanel (its own heading), which loads the words of the
 * submission's captions that the lexicon lacks and the saved glossary, and saves each gloss itself
 * (PUT …/glossary). It reads the captions saved on the server: the save bar above sends the draft.
 */
import { GlossaryPanel } from '../studio-glossary/GlossaryPanel.tsx'

export function GlossaryStep({ submissionId, language }: { submissionId: number; language: string }) {
  return (
    <div className="studio-glossary" data-testid="glossary-step">
      <GlossaryPanel submissionId={String(submissionId)} language={language} />
    </div>
  )
}
