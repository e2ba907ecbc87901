// An English article's cover image: a PNG or JPEG file and its alt text,
// uploaded into the folder validate looks in and checked there by
// validate's own cover check. The article's text gets `image:` and
// `imageAlt:`; saving the article is still the Save button's.
import { useEffect, useId, useState } from "react";
import { api, type CoverLimits } from "./api.ts";

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export function CoverUpload({
  path,
  limits,
  text,
  onText,
}: {
  path: string;
  limits: CoverLimits;
  text: string;
  onText: (text: string) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | undefined>();
  const [alt, setAlt] = useState("");
  const [message, setMessage] = useState<{ kind: "done" | "refused"; text: string } | undefined>();
  /** The covers already in the site, to choose one instead of uploading. */
  const [images, setImages] = useState<{ src: string }[]>([]);
  const [picked, setPicked] = useState("");
  useEffect(() => {
    api.images().then(
      (answer) => setImages(answer.images),
      () => setImages([]),
    );
  }, []);

  const answered = (answer: Awaited<ReturnType<typeof api.cover>>, done: (src: string) => string) => {
    if ("src" in answer) {
      onText(answer.text);
      setMessage({ kind: "done", text: done(answer.src) });
    } else {
      setMessage({ kind: "refused", text: `${answer.error}${answer.hint ? ` (hint: ${answer.hint})` : ""}` });
    }
  };

  const pick = async () => {
    if (!picked) return setMessage({ kind: "refused", text: "Choose one of the images first." });
    const answer = await api
      .pickCover({ path, src: picked, alt, text })
      .catch((error: Error) => ({ error: error.message, hint: undefined }));
    answered(answer, (src) => `Chose ${src}; the front matter names it. Save the article to keep it.`);
  };

  const upload = async () => {
    if (!file) return setMessage({ kind: "refused", text: "Choose an image file first." });
    // The server refuses it too, before reading it; said here with the limit instead of a dropped connection.
    if (file.size > limits.maxBytes) {
      return setMessage({
        kind: "refused",
        text: `${file.name} is over ${megabytes(limits.maxBytes)}: save it smaller.`,
      });
    }
    const form = new FormData();
    form.set("file", file);
    form.set("name", file.name);
    form.set("alt", alt);
    form.set("path", path);
    // A file part keeps the text's line ends (a form's text field would make them CRLF).
    form.set("text", new Blob([text], { type: "text/markdown" }), "article.md");
    const answer = await api.cover(form).catch((error: Error) => ({ error: error.message, hint: undefined }));
    answered(answer, (src) => `Uploaded ${src}; the front matter names it. Save the article to keep it.`);
  };

  return (
    <fieldset className="cover">
      <legend>Cover image</legend>
      <p className="hint" id={`${id}-limits`}>
        {`A PNG or JPEG, at least ${limits.min.width}×${limits.min.height} pixels and at most ${megabytes(limits.maxBytes)}, stored in `}
        <code>site/public{limits.folder}</code>.
      </p>
      <label htmlFor={`${id}-file`}>Image file</label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/png,image/jpeg"
        aria-describedby={`${id}-limits`}
        onChange={(event) => setFile(event.target.files?.[0])}
      />
      <label htmlFor={`${id}-alt`}>Alt text (what the image shows; required)</label>
      <input
        id={`${id}-alt`}
        type="text"
        required
        aria-required="true"
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
      />
      <button type="button" onClick={upload}>
        Upload the cover
      </button>
      {images.length ? (
        <p className="cover-pick">
          <label htmlFor={`${id}-pick`}>Or an image already in the site</label>
          <select id={`${id}-pick`} value={picked} onChange={(event) => setPicked(event.target.value)}>
            <option value="">Choose an image…</option>
            {images.map((image) => (
              <option key={image.src} value={image.src}>
                {image.src}
              </option>
            ))}
          </select>
          <button type="button" onClick={pick}>
            Use this image
          </button>
        </p>
      ) : null}
      <p aria-live="polite" className={message?.kind === "refused" ? "refused" : undefined}>
        {message?.text}
      </p>
    </fieldset>
  );
}
