import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({ simpleResolvers: true, description: 'The listed name that matched best.' })
export class MatchedName {
  @Field({ description: 'As listed.' }) text!: string;
  @Field({ description: 'name, alias, weakAlias or previousName.' }) kind!: string;
}

@ObjectType({ simpleResolvers: true, description: 'A query word paired with a listed word.' })
export class TokenMatch {
  @Field() query!: string;
  @Field() matched!: string;
  @Field({ description: 'exact, transliterated, phonetic, edit_distance, initial or joined.' }) how!: string;
  @Field(() => Float) similarity!: number;
}

@ObjectType({ simpleResolvers: true, description: 'What a corroborating fact did to the score.' })
export class FeatureEffect {
  @Field(() => Float, { description: 'Added to the name score (negative lowers it).' }) effect!: number;
  @Field() reason!: string;
}

@ObjectType({ simpleResolvers: true, description: 'Words with no counterpart on the other side.' })
export class UnmatchedWords {
  @Field(() => [String]) query!: string[];
  @Field(() => [String]) listed!: string[];
}

@ObjectType({ simpleResolvers: true, description: 'Why a watchlist entity matched a name.' })
export class MatchExplanation {
  @Field(() => MatchedName) name!: MatchedName;
  @Field(() => [TokenMatch]) tokens!: TokenMatch[];
  @Field(() => UnmatchedWords) unmatched!: UnmatchedWords;
  @Field(() => Float) nameScore!: number;
  @Field(() => FeatureEffect, { nullable: true }) birthDate?: FeatureEffect | null;
  @Field(() => FeatureEffect, { nullable: true }) nationality?: FeatureEffect | null;
  @Field(() => Float) score!: number;
}

@ObjectType({ simpleResolvers: true, description: 'A candidate of an ad-hoc screening search.' })
export class ScreeningCandidate {
  @Field({ description: 'The watchlist entity id (a case hit\'s hitId).' }) entityId!: string;
  @Field() caption!: string;
  @Field({ description: 'Person or Company.' }) schema!: string;
  @Field(() => Float) score!: number;
  @Field({ description: 'Whether the score reaches the match threshold (a case would get a hit).' }) match!: boolean;
  @Field(() => [String]) topics!: string[];
  @Field(() => [String]) datasets!: string[];
  @Field(() => [String]) birthDates!: string[];
  @Field(() => [String]) nationality!: string[];
  @Field(() => [String]) countries!: string[];
  @Field() isPep!: boolean;
  @Field() isSanctioned!: boolean;
  @Field(() => MatchExplanation, { nullable: true, description: 'Null from a provider that does not explain its scores.' }) explanation!: MatchExplanation | null;
}

@ObjectType({ simpleResolvers: true })
export class ScreenNameResult {
  @Field(() => [ScreeningCandidate], { description: 'Best first; near misses under the threshold with match false.' }) data!: ScreeningCandidate[];
  @Field(() => Float) threshold!: number;
  @Field({ description: 'The watchlist version searched.' }) listVersion!: string;
}

@InputType({ description: 'One name to screen against the watchlist.' })
export class ScreenNameInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'Person (default) or Company.' }) schema?: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY, YYYY-MM or YYYY-MM-DD.' }) birthDate?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2, alpha-3 or an English country name.' }) nationality?: string | null;
  @Field(() => String, { nullable: true, description: 'Residence of a person, jurisdiction of a company.' }) country?: string | null;
  @Field(() => [String], { nullable: true, description: 'Only entities of these datasets.' }) datasets?: string[] | null;
  @Field(() => Int, { nullable: true, description: '1 to 50, default 10.' }) limit?: number | null;
}
