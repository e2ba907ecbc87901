// Deleting an article (editor/server/delete-article.ts): asked first; refused,
// with every place that needs the article, while another page links to it.
import { useState } from "react";
import { api } from "./api.ts";
import { Diagnostics } from "./Diagnostics.tsx";
import type { Diagnostic } from "./error-schema.ts";

export function DeleteArticle({ path, onDeleted }: { path: string; onDeleted: (removed: string[]) => void }) {
  const [refusal, setRefusal] = useState<{ error: string; caused: Diagnostic[] } | undefined>();
  const remove = async () => {
    const what = path.includes("/de/") || /^insights\/[a-z]{2}\//.test(path) ? "this translation" : "this article";
    if (!window.confirm(`Delete ${what} (data/${path}) and its translations and records? Git keeps the last commit.`))
      return;
    const answer = await api.remove(path).catch((error: Error) => ({ error: error.message, caused: [] }));
    if ("deleted" in answer) onDeleted(answer.removed);
    else setRefusal({ error: answer.error, caused: answer.caused ?? [] });
  };
  return (
    <div className="delete-article">
      <button type="button" className="danger" onClick={remove}>
        Delete {path}
      </button>
      {refusal ? (
        <div role="alert">
          <p>{refusal.error}</p>
          <Diagnostics diagnostics={[]} caused={refusal.caused} />
        </div>
      ) : null}
    </div>
  );
}
