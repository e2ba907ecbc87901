// rjsf's validator over @cfworker/json-schema, which interprets a JSON Schema
// instead of compiling it with `new Function` (ajv), so the page's CSP needs
// no 'unsafe-eval'. rjsf asks it which option of an anyOf/oneOf a value
// matches; the checks the owner sees are `validate`'s, from the server.
import { type OutputUnit, type Schema, Validator } from "@cfworker/json-schema";
import {
  type RJSFSchema,
  type RJSFValidationError,
  toErrorSchema,
  type ValidationData,
  type ValidatorType,
} from "@rjsf/utils";

/** `schema` with the root's definitions beside it, so its `#/$defs/…` and `#/definitions/…` references resolve. */
function withDefinitions(schema: RJSFSchema, rootSchema: RJSFSchema): RJSFSchema {
  return {
    ...schema,
    ...(rootSchema.$defs ? { $defs: rootSchema.$defs } : {}),
    ...(rootSchema.definitions ? { definitions: rootSchema.definitions } : {}),
  };
}

/** `#/consultants/2/role` → `.consultants.2.role`, rjsf's property path. */
const property = (unit: OutputUnit) =>
  unit.instanceLocation
    .replace(/^#/, "")
    .split("/")
    .filter(Boolean)
    .map((part) => `.${part.replaceAll("~1", "/").replaceAll("~0", "~")}`)
    .join("");

class InterpretingValidator implements ValidatorType {
  /** One validator a schema object (rjsf passes the same objects again and again). */
  private readonly cache = new WeakMap<object, Validator>();

  private validatorFor(schema: RJSFSchema): Validator {
    let found = this.cache.get(schema);
    if (!found) {
      found = new Validator(schema as Schema, "7", false);
      this.cache.set(schema, found);
    }
    return found;
  }

  rawValidation<Result = OutputUnit>(schema: RJSFSchema, formData?: unknown) {
    try {
      const result = this.validatorFor(schema).validate(formData);
      // The innermost units name the failing keyword; the rest say "a property failed".
      const errors = result.errors.filter((unit) => !["properties", "items", "allOf", "$ref"].includes(unit.keyword));
      return { errors: errors as Result[] };
    } catch (error) {
      return { errors: [] as Result[], validationError: error as Error };
    }
  }

  validateFormData(formData: unknown, schema: RJSFSchema): ValidationData<unknown> {
    const { errors = [] } = this.rawValidation<OutputUnit>(schema, formData);
    const list: RJSFValidationError[] = errors.map((unit) => ({
      name: unit.keyword,
      property: property(unit),
      message: unit.error,
      stack: `${property(unit) || "."} ${unit.error}`,
      schemaPath: unit.keywordLocation,
    }));
    return { errors: list, errorSchema: toErrorSchema(list) };
  }

  /** Each sub-schema with its root's definitions, made once. */
  private readonly completed = new WeakMap<object, WeakMap<object, RJSFSchema>>();

  private complete(schema: RJSFSchema, rootSchema: RJSFSchema): RJSFSchema {
    if (schema === rootSchema) return schema;
    const byRoot = this.completed.get(schema) ?? new WeakMap<object, RJSFSchema>();
    this.completed.set(schema, byRoot);
    const found = byRoot.get(rootSchema) ?? withDefinitions(schema, rootSchema);
    byRoot.set(rootSchema, found);
    return found;
  }

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      return this.validatorFor(this.complete(schema, rootSchema)).validate(formData).valid;
    } catch {
      return false;
    }
  }
}

export const validator = new InterpretingValidator();
