/** A field people never see; bots that fill in every input give themselves away (the server drops those). */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  return (
    <div hidden>
      <label htmlFor={`${idPrefix}-website`}>Website</label>
      <input id={`${idPrefix}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
