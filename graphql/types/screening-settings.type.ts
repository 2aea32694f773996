import { Field, Float, GraphQLISODateTime, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionOf } from '../connection';
import {
  BIRTH_DATE_TOLERANCES, type BirthDateTolerance, type ClearedHitView, type DryRunCase as DryRunCaseView, type DryRunHit as DryRunHitView, type ScreeningSettingsDryRun, type ScreeningSettingsView,
} from '../../src/screening/index';

export const BirthDateToleranceEnum = Object.fromEntries(BIRTH_DATE_TOLERANCES.map((v) => [v, v])) as { [K in BirthDateTolerance]: K };
registerEnumType(BirthDateToleranceEnum, {
  name: 'BirthDateTolerance', description: 'How a date of birth corroborates a name match: the full date (exact), the year only (year), or not at all (none).',
});

@ObjectType({ simpleResolvers: true, description: "The active version of the organisation's screening settings (each edit is a new version, audited)." })
export class ScreeningSettings {
  @Field(() => Int, { description: "The version's id." }) settingsId!: number;
  @Field(() => Int) version!: number;
  @Field({ description: 'Who stored this version (system for the default).' }) createdBy!: string;
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => Float, { description: 'Score (0 to 1) a watchlist entity needs to be a hit; the default is SCREENING_MATCH_THRESHOLD.' }) matchThreshold!: number;
  @Field(() => [String], { description: 'OpenSanctions topics that count (a topic covers its subtopics); empty: all.' }) topics!: string[];
  @Field(() => [String], { description: 'Datasets that count; empty: all.' }) datasets!: string[];
  @Field(() => BirthDateToleranceEnum) birthDateTolerance!: BirthDateTolerance;
  @Field({ description: 'Whether names listed only as weak aliases may match.' }) weakAliases!: boolean;
}

@InputType({ description: 'Screening settings as a compliance admin edits them (all fields; BAD_USER_INPUT lists each problem with its path).' })
export class ScreeningSettingsInput {
  @Field(() => Float) matchThreshold!: number;
  @Field(() => [String]) topics!: string[];
  @Field(() => [String]) datasets!: string[];
  @Field(() => BirthDateToleranceEnum) birthDateTolerance!: BirthDateTolerance;
  @Field() weakAliases!: boolean;
}

@ObjectType({ simpleResolvers: true, description: 'A hit of a dry run: the watchlist entity and the party it matched.' })
export class DryRunHit {
  @Field() hitId!: string;
  @Field() caption!: string;
  @Field() subjectName!: string;
  @Field(() => Float) score!: number;
}

@ObjectType({ simpleResolvers: true, description: 'How one open case\'s hits would change.' })
export class DryRunCase {
  @Field() caseId!: string;
  @Field(() => String, { nullable: true }) companyName!: string | null;
  @Field(() => [DryRunHit], { description: 'Raised under the active settings, not under the draft.' }) disappear!: DryRunHit[];
  @Field(() => [DryRunHit], { description: 'Raised under the draft, not under the active settings.' }) appear!: DryRunHit[];
  @Field(() => [DryRunHit], { description: 'Raised under both.' }) stay!: DryRunHit[];
}

@ObjectType({ simpleResolvers: true, description: "How a draft of the screening settings would change the open cases' hits (nothing is saved)." })
export class ScreeningSettingsDryRunResult {
  @Field(() => Int, { description: 'Open cases compared (the newest 200).' }) casesCompared!: number;
  @Field({ description: 'Whether the organisation has more open cases than were compared.' }) truncated!: boolean;
  @Field(() => Int) disappear!: number;
  @Field(() => Int) appear!: number;
  @Field(() => Int) stay!: number;
  @Field(() => [DryRunCase], { description: 'The compared cases whose hits would change.' }) cases!: DryRunCase[];
}

@ObjectType({ simpleResolvers: true, description: 'A cleared hit: a subject and a watchlist entity dispositioned false_positive, not raised again while both are unchanged.' })
export class ClearedHit {
  @Field(() => ID) id!: string;
  @Field({ description: 'person: the person registry\'s person; subject: the party\'s name, date of birth and nationality.' }) subjectKind!: string;
  @Field(() => Int, { nullable: true }) personId!: number | null;
  @Field(() => String, { nullable: true }) subjectName!: string | null;
  @Field({ description: 'The watchlist entity id.' }) entityId!: string;
  @Field(() => String, { nullable: true }) caption!: string | null;
  @Field({ description: 'The case where it was cleared.' }) caseId!: string;
  @Field() hitId!: string;
  @Field() clearedBy!: string;
  @Field(() => GraphQLISODateTime) clearedAt!: string;
}

export const screeningSettingsOf = (v: ScreeningSettingsView): ScreeningSettings => ({ ...v });
export const dryRunOf = (v: ScreeningSettingsDryRun): ScreeningSettingsDryRunResult => ({
  ...v, cases: v.cases.map((c: DryRunCaseView) => ({ ...c, disappear: c.disappear.map(hit), appear: c.appear.map(hit), stay: c.stay.map(hit) })),
});
const hit = (h: DryRunHitView): DryRunHit => ({ ...h });
export const clearedHitOf = (v: ClearedHitView): ClearedHit => ({ ...v });

export const ClearedHitConnection = ConnectionOf(ClearedHit, 'ClearedHit');
